/** What every page receives with its request (src/site/site-source.ts). */
declare namespace App {
  interface Locals {
    site: import('./site/site-source.ts').SiteSource;
    /** Where the build's renderer measures the parts of its work (`build --timings`); not in `dev`. */
    timings?: import('./lib/timings.ts').Timings;
    /**
     * The folder the site's pages are served under when it is not Astro's base: the reference
     * inside a host site (`/reference/`, set by src/integrations' routes). Links that start at
     * the site's root (another API of a portal) start here.
     */
    siteRoot?: string;
  }
}
