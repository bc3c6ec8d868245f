// The adversarial essay set for the graders' tests, all on prompt is-0001 (content/issue/issue-01.yaml):
// empty, very short, repeated sentences, random words, the prompt pasted back, an off-topic essay,
// a thin but honest essay and a strong one.
import type { EssayPrompt } from '../grader.ts';

export const prompt: EssayPrompt = {
  id: 'is-0001',
  stem: 'Schools should grade students mainly on how much they have improved over the course of a year rather than on how their work measures up against a fixed standard.',
  instructions:
    'Write a response in which you make clear how far you agree or disagree with the recommendation and why. As you develop your position, identify specific situations in which following the recommendation would help and situations in which it would do harm, and explain how these situations affect your view.',
};

export const strong = `I agree with the recommendation only in part. Grading students mainly on how much they have improved is a powerful tool while students are still learning, because it rewards effort and strategy, which students can control. However, when grades are used by others to certify what a student can actually do, a fixed standard is indispensable. The value of the recommendation therefore depends on the purpose the grade serves.

Consider first the situations in which grading on improvement would help. In a middle school classroom, students arrive with very different preparation. A girl who starts the year reading two grades below her level may work harder than anyone else and still fall short of the fixed standard in June. If her report card shows only failure, she learns that effort is pointless, and she may stop trying altogether. Research on growth mindset by Carol Dweck suggests that praising effort and strategy, rather than innate talent, makes students more persistent when they face difficulty. An improvement-based grade sends exactly that message. It also prevents gifted students from coasting, since they cannot earn high marks merely by repeating what they already know.

On the other hand, there are situations in which following the recommendation would do serious harm. Grades are signals that universities, employers and licensing boards use to decide who is competent. A medical student who has improved dramatically but still cannot perform a routine operation should not receive a high mark, because patients depend on what the grade certifies. Moreover, improvement is easy to manipulate: if a final grade equals the gain from a baseline test, students have every incentive to perform badly in September. As Goodhart's law warns, once a measure becomes a target, it ceases to be a good measure. For instance, several American states that rated schools by value-added scores in the 2010s found the ratings so unstable that teachers distrusted them.

Admittedly, a purely fixed standard has costs of its own. It can label the same students as failures year after year, and it can hide the stagnation of strong students who meet the standard without learning anything new. Yet these problems argue for reporting improvement alongside achievement, not for replacing one with the other. A transcript can state both whether a student meets the standard and how far she has progressed, so that each reader of the grade receives the information he actually needs.

In conclusion, schools should emphasize improvement in formative assessment during the year, where the goal is to motivate learning, but they should keep a fixed standard for summative grades that others rely on. The recommendation is wise for the classroom and harmful for certification, and a thoughtful school will distinguish between the two purposes instead of choosing only one.`;

/** On topic and honest, but thin: short paragraphs, one example, little reasoning, a few slips. */
export const thin = `I think schools should grade students mostly on improvment. Some students are not good at the start of the year and they work very hard but they still get bad grades. This is not fair for them and they will feel sad and maybe stop studying.

For example my friend was bad at math. He studied every day and his scores got much better, but his grade was still low because the teacher used a fixed standard. If the school graded on improvement he would get a good grade and he would keep trying. Students who are already good do not need to work hard to get an A, so they learn nothing new.

But fixed standards are also useful because colleges want to know what students can do. So schools can use both ways. In the end I agree that schools should mainly grade students on improvement because it helps students to keep learning.`;

export const offTopic = `Travel is one of the most rewarding experiences a person can have. When we visit a foreign city, we taste new food, hear unfamiliar music and meet people whose lives are very different from our own. For example, a week in Kyoto can teach a visitor more about Japanese history than many books, because the temples, gardens and tea houses make the past visible.

Moreover, travel builds independence. A traveler who must read a train timetable in another language, negotiate prices in a market or find a hotel late at night learns to solve problems calmly. These skills remain useful long after the trip is over, at work and at home.

However, travel also has costs. Flights produce a great deal of carbon dioxide, and popular destinations such as Venice are crowded with tourists who push local residents out of the historic center. Responsible travelers therefore choose trains when they can, stay longer in fewer places and spend their money in small local businesses.

In conclusion, travel broadens the mind and strengthens character, provided that we travel thoughtfully and respect the places we visit.`;

export const veryShort = 'I agree with this. Improvement matters more than standards.';

export const repeated = Array.from(
  { length: 40 },
  () => 'Schools should reward students who work hard and improve during the year.',
).join(' ');

export const pastedPrompt = `${prompt.stem}\n\n${prompt.instructions}\n\n${prompt.stem}`;

/** 300 words drawn from the English word list with a fixed seed: real words, no sentences. */
export function randomWords(dictionary: Iterable<string>, count = 300, seed = 42): string {
  const pool = [...dictionary].filter((w) => w.length >= 4 && w.length <= 10);
  let x = seed;
  const next = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(pool[next() % pool.length] as string);
  return out.join(' ');
}
