/**
 * The plans the content store contract (tests/support/content-store-contract.ts) hands to
 * `transact`, written as data: a plan is a function, and a function cannot cross into the Worker
 * the GitHub store runs in under workerd (tests/support/github-store-worker.ts); its description
 * can. It stands in for the endpoint's plans: it reads files of the snapshot, refuses unless files
 * are at the versions it expects (as the endpoint refuses a save based on an older version), and
 * says what to write.
 */
import type { ContentSnapshot, FileChange, Plan } from '../../src/features/content-editor/server/store';

export interface DeclaredPlan {
  /** Read through the snapshot: the result has the sha of each. */
  read?: string[];
  /** Refused with StalePlanError unless each path is at this sha in the snapshot (null: no file there). */
  expect?: Record<string, string | null>;
  changes: FileChange[];
  message: string;
}

export interface DeclaredResult {
  /** How many times the plan ran: more than once when the content moved under it. */
  runs: number;
  /** The sha of each file read, on the last run (a path not read is left out). */
  read: Record<string, string>;
}

/** What a plan throws when a file is not at the version it expects. */
export class StalePlanError extends Error {
  readonly path: string;
  constructor(path: string) {
    super(`${path} is not at the version the plan expects`);
    this.name = 'StalePlanError';
    this.path = path;
  }
}

export type DeclaredPlanFunction = ((snapshot: ContentSnapshot) => Promise<Plan<DeclaredResult>>) & { readonly declared: DeclaredPlan };

/** The plan `declared` describes, counting its runs. */
export function declaredPlan(declared: DeclaredPlan): DeclaredPlanFunction {
  let runs = 0;
  const plan = async (snapshot: ContentSnapshot): Promise<Plan<DeclaredResult>> => {
    runs += 1;
    const read = await snapshot.read(declared.read ?? []);
    for (const [path, sha] of Object.entries(declared.expect ?? {})) if ((snapshot.files.get(path)?.sha ?? null) !== sha) throw new StalePlanError(path);
    return {
      changes: declared.changes,
      message: declared.message,
      result: { runs, read: Object.fromEntries([...read.values()].map((file) => [file.path, file.sha])) },
    };
  };
  return Object.assign(plan, { declared });
}
