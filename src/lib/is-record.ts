/** Whether a value is a plain JSON object (not null, not a list). Plain Node imports this too. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
