import type { Bench } from '../context';
import type { Row } from '../report';
import { measureReadTwin } from '../twins';

/**
 * The curricula family's hot reads at the institution's size (issue 23): the members of a curriculum
 * element (a module: 1 owner and 13 participants, the seed's size), as the administrator, as an
 * integration reads them: every membership with its role, and the participants as people.
 */
export async function curriculumMembers(bench: Bench): Promise<Row[]> {
  await bench.institution();
  // Element 1: the first module below programme 0's root, linked to a course.
  const { rows } = await bench.db.query<{ element: number; curriculum: number }>(
    'select x.id::int as element, x.curriculum_id::int as curriculum from institution_element e join curriculum_element x on x.id = e.id where e.n = 1',
  );
  const element = `/restapi/curriculum/${rows[0].curriculum}/elements/${rows[0].element}`;
  return [
    ...(await measureReadTwin(bench, {
      scenario: 'curriculum-members: GET /curriculum/{c}/elements/{e}/members (14)',
      path: `${element}/members`,
      token: bench.token,
    })),
    ...(await measureReadTwin(bench, {
      scenario: '  participants: …/elements/{e}/participants (13 UserVOs)',
      path: `${element}/participants`,
      token: bench.token,
    })),
  ];
}
