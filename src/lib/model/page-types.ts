/**
 * The shape of page data: what the model builds (pages.ts, page-*.ts) and the components
 * render. Its own module so that the builders of each kind of page and the code that picks
 * between them can share it without importing each other.
 */
import type { TryItView } from '../try-it/try-it-view.ts';
import type { Diagram } from '../diagram/diagram-types.ts';
import type { PeerOperation } from '../portal/flow-types.ts';
import type { ObjectView } from './object-view.ts';
import type { SecuritySchemeView } from './security-view.ts';
import type { SnsHandsOn, TesterView } from './sns-hands-on-types.ts';
import type { FanOut, SnsOperationView, SnsTopicView } from './sns.ts';
import type { TopicName } from './sns-topic-name.ts';
import type { Entity, Link, SchemaRow } from './types.ts';

export interface Fact {
  label: string;
  text?: string;
  link?: Link;
  code?: boolean;
  /** An external URL, only when it is http(s) or mailto (never javascript:, data:, …). */
  href?: string;
  /** Alternatives, each a link (e.g. the security schemes of a server: satisfy one). */
  links?: Link[];
  /** Operations that act together (the senders of what an operation receives): each linked, joined with "and". */
  parties?: FactParty[];
  /** A template (address, URL) split into literal text and `{variable}` names, to highlight the variables. */
  template?: { text: string; variable?: boolean }[];
  /** Tag names, each shown as a tag (as the portal's cards show them), not joined into one text. */
  tags?: string[];
  /** Sanitized CommonMark shown under the value (the description of external docs, of a tag). */
  noteHtml?: string;
  /**
   * The tool's own explanation rather than the document's content (the meaning of the action):
   * shown to a reader, left out of the search index, whose excerpts must quote the document.
   */
  wording?: boolean;
}

/** An operation named in a fact: of this API (`url` relative to it), or of another API of the portal (`apiTitle`; `url` relative to the site). */
export interface FactParty {
  title: string;
  url: string;
  apiTitle?: string;
}

/** Text with links and code spans, worded by the model and shown alike by a page and its twin. `url`: a page of the API. */
export interface TextPart {
  text: string;
  url?: string;
  code?: boolean;
}

/** A reference that leads to no value (broken-reference.ts): what is wrong, in words, and the page that shows the validator's finding. */
export interface BrokenReference {
  kind: 'loop' | 'missing' | 'unreadable' | 'refused';
  text: TextPart[];
  /** `url` '' is the API's overview (findings about no page are listed there). */
  finding?: { title: string; url: string };
}

/** The highlighting language of a schema written in another format (Avro, Protobuf, RAML, …). */
export function sourceLanguage(format: string): 'json' | 'yaml' | 'proto' {
  return /protobuf/.test(format) ? 'proto' : /raml|yaml/.test(format) ? 'yaml' : 'json';
}

export type PageSection =
  | { type: 'facts'; heading: string; anchor: string; facts: Fact[] }
  /** `paged`: a list that grows with the document (a server's channels): the page shows its start, `all-<anchor>/` all of it. */
  | {
      type: 'links';
      heading: string;
      anchor: string;
      /** `noteUrl`: where the note is explained (a reply channel's "address set at run time": its operation's Reply section). */
      links: (Link & { note?: string; noteUrl?: string; address?: string; message?: MessageLine })[];
      empty?: string;
      paged?: boolean;
    }
  | { type: 'object'; heading: string; anchor: string; view: ObjectView }
  /** Where the object or schema would be: its reference leads to no value. */
  | { type: 'broken-reference'; heading: string; anchor: string; broken: BrokenReference }
  /** `omitted`: fields left out past the table's row limit (schema-rows.ts MAX_TABLE_ROWS). */
  | {
      type: 'schema';
      heading: string;
      anchor: string;
      rows: SchemaRow[];
      format?: string;
      /** How a schema of a format version the SPEC does not list is read (a quiet note beside the format). */
      formatNote?: string;
      omitted?: number;
    }
  /** `folded`: the schema is shown as a table above, so its source is a fold below it. */
  | { type: 'source'; heading: string; anchor: string; format: string; code: string; html?: string; folded?: boolean }
  /**
   * `missing`: why a part of a message has no generated example (a sentence each). `reused`: a
   * schema's example taken from a message's written example (reused-examples.ts): which, and the
   * path of the part in its payload ('' for the whole payload).
   */
  | {
      type: 'examples';
      heading: string;
      anchor: string;
      /** Every example is generated: the document gives none of the message, nor of its schemas. */
      generated?: boolean;
      /** The generated examples hold example values the document gives for fields: the page says so, not that it gives none. */
      fieldValues?: boolean;
      examples: ShownExample[];
      /** The document's examples left out past the page's limit (OWN_PAGE_EXAMPLES: a schema's own page, a message's whose schemas give them): the page says how many. */
      more?: number;
      /** Whose examples `more` counts: the message's own or its payload schema's (a message's panel), else the page's own schema's. */
      moreOf?: 'message' | 'payload';
      missing?: string[];
      reused?: { message: Link; example: string; path: string };
    }
  /** `diagram`: the fan-out drawn (flow-fan-out.ts); the fan-out list is its text. */
  /** `tester`: the topic's filtered subscriptions, for the guide component SnsTopic (channel pages link to the operations' testers). */
  | {
      type: 'sns-topic';
      heading: string;
      anchor: string;
      topic: SnsTopicView;
      /** Who publishes and who receives: a channel's; absent on a binding's page that several channels use (each fans out its own way). */
      fanOut?: FanOut;
      /** Those channels, when `fanOut` is absent. */
      fanOutOf?: Link[];
      /** On a binding's page, the view of the pages that use it: search finds it there (not indexed here, else each subscription is a hit twice). */
      usersIndexIt?: true;
      origin?: Link;
      diagram?: Diagram;
      tester?: TesterView;
    }
  /** A picture of how messages travel (issue 22), drawn at build time; a list on the same page says the same in text. */
  | { type: 'diagram'; heading: string; anchor: string; diagram: Diagram }
  /**
   * In a portal, the other APIs' operations on the other side of this one (issue 22), at most
   * PEERS_SHOWN of each; `more*` counts the rest (the portal's overview counts them by pair of APIs).
   */
  | {
      type: 'peers';
      heading: string;
      anchor: string;
      sentBy: PeerOperation[];
      receivedBy: PeerOperation[];
      moreSentBy: number;
      moreReceivedBy: number;
    }
  | { type: 'bindings'; heading: string; anchor: string; protocols: ProtocolBinding[]; origin?: Link }
  /**
   * `code-samples`: code that sends or receives the operation's message on its channel
   * (src/lib/samples), one group per half of the exchange (the request, and the reply when there
   * is one), a tab per language; shown in the page's reference panel (ReferencePanel.astro).
   */
  | {
      type: 'code-samples';
      heading: string;
      anchor: string;
      /** The samples of the first server (or the only one). */
      groups: SampleGroup[];
      /** When samples are written for several of the channel's servers (a bounded number), each one's, the first's being `groups`. */
      servers?: SampleServer[];
    }
  /** Operations of a server the configuration's `tryIt` names: the form that sends from the reader's browser (page-try-it.ts), in the page's panel. */
  | { type: 'try-it'; heading: string; anchor: string; view: TryItView }
  /** `handsOn`: the filter tester and the publish and subscribe snippets (sns-hands-on.ts). */
  | {
      type: 'sns-operation';
      heading: string;
      anchor: string;
      view: SnsOperationView;
      topic: TopicName;
      /** The channel's address, when no binding names the topic and the address has no variables: the name the commands publish to (sns-hands-on.ts). */
      addressTopic?: string;
      /** The channel's address, when the topic has a name that is not it: the summary shows the address, the section says why the name differs (TopicNameNote.astro). */
      otherAddress?: string;
      /** The channel's page: where the topic's name is explained, when it differs from the channel's address. */
      channelUrl?: string;
      /** The channel's title, when its page draws the topic's fan-out (its sns binding makes it a topic): the whole account of the topic's subscriptions, which the section links to. */
      fanOutOn?: string;
      origin?: Link;
      handsOn?: SnsHandsOn;
      /** The sqs binding that defines the subscriptions' queues: folded under their list (page-operation.ts). */
      queueBinding?: ProtocolBinding;
      /** On a binding's or trait's page, the view of the operations that use it: search finds it there. */
      usersIndexIt?: true;
    }
  /**
   * Messages shown where they are used (an operation, its reply): the first MAX_INLINE_MESSAGES
   * with their schemas and an example, the rest (`others`) as links with their summaries.
   */
  | {
      type: 'messages';
      heading: string;
      anchor: string;
      intro?: string;
      messages: InlineMessage[];
      others: (Link & { summaryHtml?: string })[];
      facts?: Fact[];
      /**
       * The facts in one sentence, where a picture above draws them (a reply's, under the
       * request/reply picture): the page shows the sentence instead of the facts again; the
       * Markdown twin, which has no picture, keeps the facts.
       */
      factsInWords?: string;
    }
  /** Security alternatives, each group one declaration (the object's own, or a server's, named by `link`). */
  | { type: 'security'; heading: string; anchor: string; intro?: string; groups: SecurityGroup[] }
  /** A server's connection in a few copyable lines (page-server-connect.ts): what the operations' code samples connect to. */
  | {
      type: 'connect';
      heading: string;
      anchor: string;
      intro: string;
      code: string;
      /** How rows are formed, in words, under the block. */
      notes?: string[];
    };

/** One example of a message as a page shows it. */
export interface ShownExample {
  title: string;
  summaryHtml?: string;
  /** Its headers and payload apart, each in its language (example-blocks.ts). */
  blocks: ExampleBlock[];
  /** Where the document writes it (the file as pages name it): the validator's findings about it meet it there. */
  source?: { file: string; pointer: string };
  /** What the validator found wrong with it (example-invalid): shown as a warning on the example, wherever it is shown. */
  warnings?: string[];
  /** A generated example that could not be checked against its schema: why. */
  note?: string;
}

/**
 * One part of an example (example-blocks.ts): its headers, or its payload written in the message's
 * media type. `encoded`: the media type the payload travels in when the block shows it as the JSON
 * value it encodes (Avro or Protocol Buffers binary, an XML payload given as structured data).
 * `value`: a schema's example on its own page, which is no message's part (a headers schema's
 * value is no payload): shown without a part's label.
 */
export interface ExampleBlock {
  part: 'headers' | 'payload' | 'value';
  lang: 'json' | 'yaml' | 'xml' | 'text';
  code: string;
  html?: string;
  encoded?: string;
}

/** A message in a list (a channel's messages): what it carries, in a line (page-message-line.ts). */
export interface MessageLine {
  name?: string;
  contentType?: string;
  summaryHtml?: string;
  /**
   * The payload's schema (a link when it has a page) and what it is: an object's first fields with
   * their types (`orderId` string, `lines` array of OrderLine, and how many more), else its shape
   * in words (`array of Item`, `one of 2 shapes`).
   */
  payload?: { link?: Link; title?: string; shape: string; fields?: { name: string; type: string }[]; more?: number };
}

/** A message shown on another object's page: its link, summary, facts, schemas and examples (anchors prefixed by `anchor`). */
export interface InlineMessage {
  anchor: string;
  link: Link;
  summaryHtml?: string;
  facts: Fact[];
  sections: PageSection[];
}

/** A validator finding shown on the page it concerns (builds with --allow-invalid). */
export interface PageDiagnostic {
  severity: 'error' | 'warning' | 'info';
  code: string;
  message: string;
  hint?: string;
  /** `file:line:col`. */
  where: string;
  /** JSON pointer of the value it concerns, so a view can show it beside that value. */
  pointer: string;
}

/** Findings about an sns binding are shown beside the values they concern, not in the page's list. */
export function isSnsFinding(d: PageDiagnostic): boolean {
  return /\/bindings\/sns(\/|$)/.test(d.pointer);
}

/** One protocol's binding: its fields as a tree, and the fields that hold schemas as schema tables. */
export interface ProtocolBinding {
  key: string;
  label: string;
  version: string;
  versionDefault: boolean;
  schemas: { field: string; rows: SchemaRow[] }[];
  view: ObjectView;
}

/** A message as a list names it: its title, or a name read from its key, with the key then. */
export interface MessageLabel {
  title: string;
  /** The key the title was read from, where the message has no title of its own. */
  key?: string;
}

export interface Page extends Entity {
  /** Tag names (after traits are merged), for grouping in navigation. */
  tags: string[];
  /** Protocols: a server's own; a channel's bindings and servers'; an operation's bindings and channel's. */
  protocols: string[];
  /** Operations: the id of the channel they use (`#/channels/<id>`). */
  channel?: string;
  /** Root operations: the names of the messages they carry (the overview's diagram labels its arrows with them). */
  messages?: string[];
  /** Root operations: the messages they carry as a reader names them (a portal's card lists them). */
  messageLabels?: MessageLabel[];
  /** Channels: what their cards say they carry (the first messages, how many more) and what this API does on them (its operations' actions). */
  carries?: { messages: MessageLabel[]; more: number; actions: ('send' | 'receive')[] };
  /** Operations with a reply: the id of the channel the reply travels on (the overview draws it). */
  replyChannel?: string;
  /**
   * Schemas of a simple value (springwolf's `java.lang.String`, `integer`): its type, listed after
   * the schemas with fields, apart from them (page-list-fields.ts).
   */
  simpleType?: string;
  /** Messages: the payload in a line (its schema, its first fields), for their cards in lists. */
  payload?: MessageLine['payload'];
  diagnostics?: PageDiagnostic[];
  summaryHtml?: string;
  /** Lists: the description's first sentence, when there is no summary (page-list-fields.ts). */
  leadHtml?: string;
  /**
   * Search results: an operation's line when it has no summary nor description, its channel's
   * (summary, else its description's first sentence), so that hits of one name in several APIs
   * read apart (page-list-fields.ts). Lists show the channel beside it already.
   */
  searchLeadHtml?: string;
  /** Lists: a channel's address, an operation's channel address, a server's URL (page-list-fields.ts). */
  address?: string;
  descriptionHtml?: string;
  badges: string[];
  facts: Fact[];
  /**
   * How the object is composed, for its authors: the traits that gave fields, the components entry
   * a binding comes from, a binding's version, the name a binding gives beside the address. Shown
   * in the page's folded "Source", out of the reading flow: a reader wants the resulting headers
   * and tags, not where they came from.
   */
  authorFacts?: Fact[];
  sections: PageSection[];
}

/** A code sample as shown: one tab. */
export interface CodeSample {
  /** "JavaScript", or an x-codeSamples entry's label. */
  label: string;
  /** The client library a generated sample uses ("mqtt"), named inside its tab. */
  library?: string;
  /** The highlighter's language name. */
  lang: string;
  code: string;
  /** Highlighted, added before rendering (src/lib/highlight/highlight-page.ts). */
  html?: string;
}

/** A sample's full name, its library included: "JavaScript (mqtt)" (the Markdown twin's and the copy button's). */
export const sampleName = (s: CodeSample): string => (s.library ? `${s.label} (${s.library})` : s.label);

/** The samples written for one of a channel's servers: a tab of the server picker (SampleTabs.astro). */
export interface SampleServer {
  /** The server's name in the document. */
  name: string;
  groups: SampleGroup[];
}

/** The samples of one of the messages a half of an exchange carries: a tab of the message picker (SampleTabs.astro). */
export interface MessageSamples {
  /** The message's title, as the Messages section names it. */
  title: string;
  /** Its payload and headers are the example its Examples panel shows first (message-example-list.ts). */
  samples: CodeSample[];
  /** What holds for this message's samples only (the headers left out of them). */
  notes: string[];
  /** The name of the example its samples carry ("Example 1", the author's `delivered`), as the examples' tabs show it. */
  example?: string;
}

/** The samples of one half of an exchange: "Publish on …" or "Receive the reply on …". */
export interface SampleGroup {
  title: string;
  /** The samples of the half's first message (its only one, or the first tab of `messages`). */
  samples: CodeSample[];
  /**
   * What a reader needs to know to run them (environment variables to set), in sentences; with
   * `messages`, what holds for every message (each one's own notes are with it).
   */
  notes: string[];
  /**
   * When the half carries several messages, the samples of each (a bounded number), the first's
   * being `samples`: a reader who sends the second message gets code that sends it.
   */
  messages?: MessageSamples[];
  /** The messages past those with samples: said under the tabs, not written out. */
  moreMessages?: number;
  /** Whose examples `messages` carry, the request's or the reply's: each message's tab links to its example on the page. */
  examplesOf?: 'request' | 'reply';
  /**
   * The `<name>` placeholders the code leaves where the document gives no value (a channel
   * parameter, a server variable, a host), each with what it stands for: said before the code,
   * so that a reader knows what to fill in before reading it.
   */
  fillIn?: FillIn[];
}

/** A placeholder in a sample's code (`<streetlightId>`) and what goes there: the document's description, else undefined. */
export interface FillIn {
  placeholder: string;
  about?: string;
}

/**
 * Security schemes of one origin, one of which must be satisfied: a server's (`link`), an
 * operation's own (`ofOperation`, with the servers whose schemes are the same ones, said with it
 * rather than shown twice), or the page's own entity's (neither: a server's page, a scheme's).
 */
export interface SecurityGroup {
  link?: Link;
  schemes: SecuritySchemeView[];
  ofOperation?: true;
  alsoServers?: Link[];
}
