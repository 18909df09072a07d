/** What every page receives with its request (src/site/site-source.ts). */
declare namespace App {
  interface Locals {
    site: import('./site/site-source.ts').SiteSource;
  }
}
