// Pronunciation through the browser's speech synthesis, American English. No audio files: the
// voice is the device's own (ADR 0026); a browser without one gets a disabled button.
export const canSpeak = (): boolean => typeof window !== 'undefined' && 'speechSynthesis' in window;

export function speak(word: string): void {
  if (!canSpeak()) return;
  const synth = window.speechSynthesis;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(word);
  utterance.lang = 'en-US';
  utterance.rate = 0.9;
  const voice = synth.getVoices().find((v) => v.lang === 'en-US' || v.lang === 'en_US');
  if (voice) utterance.voice = voice;
  synth.speak(utterance);
}
