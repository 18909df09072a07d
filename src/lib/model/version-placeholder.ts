/**
 * A version a build was meant to fill in and did not: Maven's `%REPLACED_BY_MAVEN%` or `@project.version@`,
 * a shell's or Gradle's `${version}`, a template's `{{ version }}`. Shown as a version it would read as one
 * ("version %REPLACED_BY_MAVEN%"); the pages say instead that the version was not filled in, quoting it.
 */
const PLACEHOLDER = /%[A-Za-z0-9_.-]+%|\$\{[^}\s]+\}|@[A-Za-z0-9_.-]+@|\{\{[^}]+\}\}/;

/** Whether `version` holds a build's placeholder left unfilled. */
export function isUnfilledVersion(version: string): boolean {
  return PLACEHOLDER.test(version);
}
