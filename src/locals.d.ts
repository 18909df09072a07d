/** What every page receives with its request (src/site/site-source.ts). */
declare namespace App {
  interface Locals {
    site: import('./site/site-source.ts').SiteSource;
    /** Where the build's renderer measures the parts of its work (`build --timings`); not in `dev`. */
    timings?: import('./lib/timings.ts').Timings;
  }
}
