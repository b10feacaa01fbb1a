import type { Bench } from '../context';
import { courseKey, personalToken, personKey } from '../institution';
import type { Row } from '../report';
import { measureReadTwin } from '../twins';

/** The courses family's hot reads at the institution's size (issue 23). */

const XML = 'application/xml';

/** "My courses" of a student in 20 courses, as the student (the university's morning: every student opens it), whole and paged. */
export async function myCourses(bench: Bench): Promise<Row[]> {
  await bench.institution();
  const student = await personKey(bench.db, 100); // every hundredth person takes exactly 20 courses
  const token = await personalToken(bench.db, student);
  const path = `/restapi/users/${student}/courses/my`;
  return [
    ...(await measureReadTwin(bench, { scenario: 'courses-my: GET /users/{k}/courses/my (20 courses)', path, token })),
    ...(await measureReadTwin(bench, {
      scenario: '  paged: Accept …;pagingspec=1.0, ?start=0&limit=10',
      path: `${path}?start=0&limit=10`,
      accept: 'application/json;pagingspec=1.0',
      token,
    })),
  ];
}

/** A course by its external id, as a student administration system looks one up before it writes, as the administrator. */
export async function courseByExternalId(bench: Bench): Promise<Row[]> {
  const { courses } = await bench.institution();
  const path = `/restapi/repo/courses?externalId=INST-COURSE-${Math.floor(courses / 2)}`;
  return measureReadTwin(bench, { scenario: 'courses-external-id: GET /repo/courses?externalId=', path, token: bench.token });
}

/** The 2,000 participants of course 0 as its owner (a teacher) reads them, in JSON and XML. */
export async function courseParticipants(bench: Bench): Promise<Row[]> {
  await bench.institution();
  const entry = await courseKey(bench.db, 0);
  const { rows } = await bench.db.query(
    `select e.olat_resource_id as "resourceId", m.identity_id as "ownerKey" from repository_entry e
     join repository_entry_membership m on m.entry_id = e.id and m.role = 'owner' where e.id = $1 limit 1`,
    [entry],
  );
  const token = await personalToken(bench.db, Number(rows[0].ownerKey));
  const path = `/restapi/repo/courses/${rows[0].resourceId}/participants`;
  return [
    ...(await measureReadTwin(bench, { scenario: 'course-participants: GET /repo/courses/{id}/participants (2,000), JSON', path, token })),
    ...(await measureReadTwin(bench, { scenario: '  the same in XML', path, token, accept: XML })),
  ];
}
