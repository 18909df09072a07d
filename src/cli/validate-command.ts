/** `apidesc-docs validate <file-or-folder…>`: diagnostics for every document, exit code by severity. */
import type { Reporter } from '../lib/reporter.ts';
import { reportValidation, validateInputs, type ValidateInputsOptions } from '../pipeline/validate-inputs.ts';

export async function validateCommand(args: string[], options: ValidateInputsOptions, io: Reporter): Promise<number> {
  const outcome = await validateInputs(args, options);
  reportValidation(outcome, options, io);
  return outcome.exitCode;
}
