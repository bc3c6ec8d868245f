// Passages as paragraphs of sentences (content/README.md): paragraphs are separated by blank lines;
// a sentence ends at ". ", "? " or "! " (optionally after a closing quote or bracket) followed by a
// capital letter, a quote or a bracket. Select-in-passage answers are indices into this split.

export function splitParagraphs(text: string): string[][] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter((p) => p.length > 0)
    .map(splitSentences);
}

export function splitSentences(paragraph: string): string[] {
  const out: string[] = [];
  const re = /[.?!]["'”’)\]]?\s+(?=["'“‘([]?[A-Z])/g;
  let start = 0;
  for (let m = re.exec(paragraph); m; m = re.exec(paragraph)) {
    const end = m.index + m[0].trimEnd().length;
    out.push(paragraph.slice(start, end).trim());
    start = m.index + m[0].length;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** The global index (across paragraphs, in reading order) of the sentence equal to `sentence`, or -1. */
export function sentenceIndex(paragraphs: string[][], sentence: string): number {
  const want = sentence.replace(/\s+/g, ' ').trim();
  return paragraphs.flat().indexOf(want);
}
