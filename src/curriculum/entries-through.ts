/**
 * The repository entries a person reaches through curriculum element memberships, as a sub-select
 * with the person's key as its one `?` (used by the course lists of src/courses). A membership
 * applies on its element and, when its inheritance is `root` or `inherited`, on every element below
 * it (the element's materialised path is a prefix of theirs; `~>=~`/`~<~` read the path index as a
 * range; the redundant `^@` only tells the planner that a subtree is small, which it cannot estimate
 * from the range on a joined value: without it, it guesses a ninth of all elements and scans every
 * course link). Courses linked to elements with status `deleted` are not reached. `roles` are constants.
 */
export function entriesThroughCurriculum(roles: readonly string[]): string {
  return `select ce.entry_id from curriculum_element_membership cm
    join curriculum_element me on me.id = cm.element_id
    join curriculum_element cx on cx.path ~>=~ me.path and cx.path ~<~ (me.path || '~') and cx.path ^@ me.path
      and (cx.id = me.id or cm.inheritance in ('root', 'inherited'))
    join curriculum_element_entry ce on ce.element_id = cx.id
    where cm.identity_id = ? and cm.role in (${roles.map((role) => `'${role}'`).join(', ')}) and cx.status <> 'deleted'`;
}

/** Roles of an element whose holders are members of its courses (OpenOLAT: the element's group is a group of the linked courses). */
export const COURSE_MEMBER_ROLES = ['owner', 'coach', 'participant'] as const;
