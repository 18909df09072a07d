/**
 * What a diagram shows, as plain serialisable data (issue 22): boxes that link to pages, and
 * arrows in the direction messages travel. The model builds these (src/lib/model/flow-*.ts);
 * layout.ts places them and svg.ts draws them.
 */

/** What a box is: it chooses the box's style (svg.ts, site.css), never its meaning alone (the caption says it in words). */
export type NodeKind = 'app' | 'server' | 'channel' | 'topic' | 'send' | 'receive' | 'subscription' | 'queue' | 'group';

export interface DiagramNode {
  /** Unique within the diagram. */
  id: string;
  kind: NodeKind;
  /** Small text above the label: what the box is ("send operation", "SNS topic · FIFO"). */
  caption?: string;
  label: string;
  /** Small lines under the label (an endpoint, a filter). */
  lines?: string[];
  /**
   * Said in the box's title (its tooltip and its link's name) only, not drawn: the whole ARN of a
   * box that shows its resource name, which the list under the picture gives too.
   */
  detail?: string;
  /** Page of the object, relative to the API (the renderer makes it a site URL); absent: not a link. */
  url?: string;
  /** Page of another API of the portal, relative to the site; used instead of `url`. */
  siteUrl?: string;
}

export interface DiagramEdge {
  from: string;
  to: string;
  /** Message names, or what travels ("reply"). */
  label?: string;
  /** A relation, not a message flow (a channel on its server): drawn dashed, without an arrowhead. */
  relation?: boolean;
  /**
   * The arrow points from `to` back to `from`, while the layout still places `from` before `to`:
   * a reply drawn right to left under its request, instead of a loop that stretches the picture.
   */
  reverse?: boolean;
}

export interface Diagram {
  /** The accessible name (`<title>`). */
  title: string;
  /** What the diagram says in a sentence or two, and where the same is written as text (`<desc>`). */
  description: string;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  /**
   * Left to right or top to bottom. Absent: left to right, unless that is wider than the page's
   * column and top to bottom is narrower (a fan-out to many subscriptions).
   */
  direction?: 'LR' | 'TB';
}
