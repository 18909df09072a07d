/**
 * The sentence under a half's message tabs when it carries more messages than have samples
 * (page-samples.ts, MAX_MESSAGE_SAMPLES): the page and its Markdown twin say what was cut; a guide's
 * card names the operation's page, where the Messages section lists them.
 */
export function moreMessagesSentence(more: number, listedBy = 'Messages'): string {
  return `${more} more ${more === 1 ? 'message has' : 'messages have'} no sample here: change the payload to one of ${more === 1 ? 'its' : 'their'} examples (${listedBy} lists ${more === 1 ? 'it' : 'them'}).`;
}
