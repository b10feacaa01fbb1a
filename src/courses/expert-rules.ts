import type { Element } from 'xml-js';
import type { NodeXmlExtra } from '../entities/courses';

/**
 * Expert rules of a course element (`visibilityExpertRules`, `accessExpertRules` of catalogue 2.4):
 * OpenOLAT stores each as an expert-mode Condition of the node (`preConditionVisibility`,
 * `preConditionAccess`). They live in the node's kept XML (`xml_extra`), so that publishing,
 * copying and exporting carry them like the conditions of an imported node. The rules are stored as
 * given; the gateway does not evaluate them.
 */
export const EXPERT_RULES = {
  visibilityExpertRules: { element: 'preConditionVisibility', conditionId: 'visibility' },
  accessExpertRules: { element: 'preConditionAccess', conditionId: 'accessability' },
} as const;
export type ExpertRuleField = keyof typeof EXPERT_RULES;
export type ExpertRules = Partial<Record<ExpertRuleField, string | null>>;

/** Longest rule taken (OpenOLAT keeps them in the course's XML; this bounds a node's size). */
export const EXPERT_RULE_MAX_LENGTH = 4000;

const text = (name: string, value: string): Element => ({ type: 'element', name, elements: [{ type: 'text', text: value }] });
const childNamed = (element: Element | undefined, name: string) => element?.elements?.find((part) => part.type === 'element' && part.name === name);
function textOf(element: Element | undefined): string | undefined {
  const part = element?.elements?.find((inner) => inner.type === 'text' || inner.type === 'cdata');
  return part ? String(part.type === 'cdata' ? part.cdata : part.text) : undefined;
}

/** The condition element as OpenOLAT's AbstractCourseNodeWebService makes it: expert mode with the rule, the kept condition's other fields as they were. */
function expertCondition(kept: Element | undefined, conditionId: string, rule: string): Element {
  const others = (kept?.elements ?? []).filter(
    (part) => !(part.type === 'element' && ['conditionId', 'conditionExpression', 'expertMode'].includes(part.name!)),
  );
  const easyDefaults = others.length ? [] : [text('easyModeCoachesAndAdmins', 'false'), text('easyModeAlwaysAllowCoachesAndAdmins', 'false')];
  return {
    ...kept,
    type: 'element',
    name: kept?.name,
    elements: [text('conditionId', conditionId), text('conditionExpression', rule), text('expertMode', 'true'), ...others, ...easyDefaults],
  };
}

/** The node's kept XML with these rules set (a rule that is absent or blank leaves its condition as it was). */
export function withExpertRules(extra: NodeXmlExtra | null | undefined, rules: ExpertRules): NodeXmlExtra | null {
  let elements = [...((extra?.elements ?? []) as Element[])];
  let changed = false;
  for (const field of Object.keys(EXPERT_RULES) as ExpertRuleField[]) {
    const rule = rules[field]?.trim();
    if (!rule) continue;
    const { element: name, conditionId } = EXPERT_RULES[field];
    const index = elements.findIndex((part) => part.type === 'element' && part.name === name);
    const condition = expertCondition(index >= 0 ? elements[index] : { type: 'element', name }, conditionId, rule);
    elements = index >= 0 ? elements.map((part, at) => (at === index ? condition : part)) : [...elements, condition];
    changed = true;
  }
  if (!changed) return extra ?? null;
  return { ...(extra ?? {}), elements };
}

/** The expert rules the node's conditions hold (null where a condition is not in expert mode). */
export function expertRulesOf(extra: NodeXmlExtra | null | undefined): Record<ExpertRuleField, string | null> {
  const elements = (extra?.elements ?? []) as Element[];
  const ruleOf = (field: ExpertRuleField) => {
    const condition = elements.find((part) => part.type === 'element' && part.name === EXPERT_RULES[field].element);
    if (textOf(childNamed(condition, 'expertMode')) !== 'true') return null;
    return textOf(childNamed(condition, 'conditionExpression')) ?? null;
  };
  return { visibilityExpertRules: ruleOf('visibilityExpertRules'), accessExpertRules: ruleOf('accessExpertRules') };
}
