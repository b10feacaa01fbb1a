import type { Bench } from '../context';
import { personalToken, personKey } from '../institution';
import type { Row } from '../report';
import { measureReadTwin } from '../twins';

/**
 * The courses family's hot reads at the institution's size (issue 23): "my courses" of a student
 * in 20 courses, as the student (the university's morning: every student opens it), paged and whole.
 */
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
