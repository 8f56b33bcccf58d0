/** Why `supabase.functions.invoke` failed, read from supabase-js's error classes. */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { type FunctionFailure, functionFailure } from '~/features/admin/conversions/conversions-calls';

export async function invokeFailure(error: unknown): Promise<FunctionFailure> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    return functionFailure(response.status, body, error.message);
  }
  // FunctionsFetchError (no answer: network, CORS) and FunctionsRelayError (the platform could not reach the function).
  return functionFailure(null, null, error instanceof Error ? error.message : String(error));
}
