/**
 * The fake Google's check of an `IngestEventsRequest` (tests/support/fake-google.mjs), field by
 * field as the Data Manager API reference describes it: unknown names refused as Google's JSON
 * parser refuses them, the destinations, and each event (transactionId, an RFC 3339
 * eventTimestamp, eventSource, exactly one of gclid/gbraid/wbraid, consent). Every violation is
 * named by its path (`events[3].adIdentifiers`), as `google.rpc.BadRequest` names them; and
 * Google's error bodies for the refusals the fake can be told to make.
 */

export const MAX_EVENTS = 2000;
export const MAX_DESTINATIONS = 10;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const CONSENT = new Set(['CONSENT_STATUS_UNSPECIFIED', 'CONSENT_GRANTED', 'CONSENT_DENIED']);
const SOURCES = new Set(['EVENT_SOURCE_UNSPECIFIED', 'WEB', 'APP', 'IN_STORE', 'PHONE', 'OTHER']);
const FIELDS = {
  request: ['destinations', 'events', 'consent', 'validateOnly', 'encoding', 'encryptionInfo'],
  destination: ['reference', 'loginAccount', 'linkedAccount', 'operatingAccount', 'productDestinationId'],
  account: ['accountType', 'accountId', 'product'],
  event: [
    'destinationReferences',
    'transactionId',
    'eventTimestamp',
    'lastUpdatedTimestamp',
    'userData',
    'consent',
    'adIdentifiers',
    'currency',
    'conversionValue',
    'eventSource',
    'eventDeviceInfo',
    'cartData',
    'customVariables',
    'experimentalFields',
    'userProperties',
    'eventName',
    'clientId',
    'userId',
    'additionalEventParameters',
  ],
  adIdentifiers: ['sessionAttributes', 'gclid', 'gbraid', 'wbraid', 'landingPageDeviceInfo'],
  consent: ['adUserData', 'adPersonalization'],
};
export const CLICK_ID_KINDS = ['gclid', 'gbraid', 'wbraid'];

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value) => typeof value === 'string' && value.trim() !== '';

/** Collects violations: `{ field, description, reason }`. */
class Violations {
  list = [];
  add(field, description, reason = 'INVALID_ARGUMENT') {
    this.list.push({ field, description, reason });
  }
  /** Names Google's JSON parser would not know. */
  known(value, kind, path) {
    for (const name of Object.keys(value)) {
      if (!FIELDS[kind].includes(name))
        this.add(path || name, `Invalid JSON payload received. Unknown name "${name}" at '${path}': Cannot find field.`, 'INVALID_FORMAT');
    }
  }
}

function checkAccount(account, path, violations, required) {
  if (account === undefined && !required) return;
  if (!isObject(account)) return violations.add(path, 'Required field is missing.', 'REQUIRED_FIELD_MISSING');
  violations.known(account, 'account', path);
  if ((account.accountType ?? account.product) !== 'GOOGLE_ADS')
    violations.add(`${path}.accountType`, 'The account type must be GOOGLE_ADS for a Google Ads account.', 'INVALID_ENUM_VALUE');
  if (typeof account.accountId !== 'string' || !/^\d{10}$/.test(account.accountId)) {
    violations.add(`${path}.accountId`, 'The account id must be the 10 digits of the customer ID, without dashes.', 'INVALID_FORMAT');
  }
}

function checkDestinations(destinations, violations) {
  if (!Array.isArray(destinations) || destinations.length === 0) return violations.add('destinations', 'Required field is missing.', 'REQUIRED_FIELD_MISSING');
  if (destinations.length > MAX_DESTINATIONS) violations.add('destinations', `At most ${MAX_DESTINATIONS} destinations per request.`, 'TOO_MANY_DESTINATIONS');
  const references = new Set();
  destinations.forEach((destination, i) => {
    const path = `destinations[${i}]`;
    if (!isObject(destination)) return violations.add(path, 'A destination must be an object.', 'INVALID_DESTINATION');
    violations.known(destination, 'destination', path);
    checkAccount(destination.operatingAccount, `${path}.operatingAccount`, violations, true);
    checkAccount(destination.loginAccount, `${path}.loginAccount`, violations, false);
    if (typeof destination.productDestinationId !== 'string' || !/^\d+$/.test(destination.productDestinationId)) {
      violations.add(`${path}.productDestinationId`, 'The conversion action id must be its number, as a string.', 'INVALID_CONVERSION_ACTION_ID');
    }
    if (destination.reference !== undefined) {
      if (references.has(destination.reference)) violations.add(`${path}.reference`, 'Two destinations have the same reference.', 'DUPLICATE_DESTINATION_REFERENCE');
      references.add(destination.reference);
    }
  });
  return references;
}

function checkEvent(event, path, references, nowMs, violations) {
  if (!isObject(event)) return violations.add(path, 'An event must be an object.', 'INVALID_EVENT');
  violations.known(event, 'event', path);
  for (const [j, reference] of (event.destinationReferences ?? []).entries()) {
    if (!references.has(reference))
      violations.add(`${path}.destinationReferences[${j}]`, `No destination has the reference ${JSON.stringify(reference)}.`, 'INVALID_DESTINATION');
  }
  // Google takes an event without one; the site relies on it to have a conversion counted once.
  if (!nonEmpty(event.transactionId)) violations.add(`${path}.transactionId`, 'Required by this site: the transaction id.', 'REQUIRED_FIELD_MISSING');
  if (typeof event.eventTimestamp !== 'string' || !RFC3339.test(event.eventTimestamp) || Number.isNaN(Date.parse(event.eventTimestamp))) {
    violations.add(`${path}.eventTimestamp`, 'Invalid value: the time must be an RFC 3339 timestamp.', 'INVALID_FORMAT');
  } else if (Date.parse(event.eventTimestamp) > nowMs + 10 * 60_000) {
    violations.add(`${path}.eventTimestamp`, 'The event time is in the future.', 'INVALID_EVENT');
  }
  if (event.eventSource !== undefined && !SOURCES.has(event.eventSource))
    violations.add(`${path}.eventSource`, 'Invalid value for enum EventSource.', 'INVALID_ENUM_VALUE');
  const ids = isObject(event.adIdentifiers) ? event.adIdentifiers : {};
  if (isObject(event.adIdentifiers)) violations.known(ids, 'adIdentifiers', `${path}.adIdentifiers`);
  const clicks = CLICK_ID_KINDS.filter((kind) => ids[kind] !== undefined);
  if (clicks.length === 0) violations.add(`${path}.adIdentifiers`, 'Events data contains no user identifiers or ad identifiers.', 'NO_IDENTIFIERS_PROVIDED');
  if (clicks.length > 1) violations.add(`${path}.adIdentifiers`, `Only one of gclid, gbraid and wbraid may be set, not ${clicks.join(' and ')}.`, 'INVALID_EVENT');
  for (const kind of clicks) if (!nonEmpty(ids[kind])) violations.add(`${path}.adIdentifiers.${kind}`, `The ${kind} is empty.`, 'INVALID_FORMAT');
  if (!isObject(event.consent)) return violations.add(`${path}.consent`, 'Required by this site: consent.', 'REQUIRED_FIELD_MISSING');
  violations.known(event.consent, 'consent', `${path}.consent`);
  for (const name of FIELDS.consent) {
    if (!CONSENT.has(event.consent[name]))
      violations.add(`${path}.consent.${name}`, `Invalid value for enum ConsentStatus: ${JSON.stringify(event.consent[name])}.`, 'INVALID_ENUM_VALUE');
  }
}

/**
 * The violations of a request body, in order; an empty list when it has the documented shape.
 * @returns {{ field: string, description: string, reason: string }[]}
 */
export function ingestViolations(body, nowMs) {
  const violations = new Violations();
  if (!isObject(body)) {
    violations.add('', 'Invalid JSON payload received: the body is not a JSON object.', 'INVALID_FORMAT');
    return violations.list;
  }
  violations.known(body, 'request', '');
  const references = checkDestinations(body.destinations, violations) ?? new Set();
  if (body.validateOnly !== undefined && typeof body.validateOnly !== 'boolean') violations.add('validateOnly', 'validateOnly must be true or false.', 'INVALID_FORMAT');
  if (body.encoding !== undefined && !['ENCODING_UNSPECIFIED', 'HEX', 'BASE64'].includes(body.encoding))
    violations.add('encoding', 'Invalid value for enum Encoding.', 'INVALID_ENUM_VALUE');
  if (!Array.isArray(body.events) || body.events.length === 0) {
    violations.add('events', 'Required field is missing.', 'REQUIRED_FIELD_MISSING');
  } else if (body.events.length > MAX_EVENTS) {
    violations.add('events', `At most ${MAX_EVENTS} events per request, not ${body.events.length}.`, 'TOO_MANY_EVENTS');
  } else {
    body.events.forEach((event, i) => checkEvent(event, `events[${i}]`, references, nowMs, violations));
  }
  return violations.list;
}

/** Google's error body: `{error: {code, message, status, details: [ErrorInfo, BadRequest?]}}`. */
export function googleError(httpStatus, status, message, { reason = status, domain = 'datamanager.googleapis.com', metadata = {}, violations = [] } = {}) {
  const details = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain, metadata }];
  if (violations.length > 0) {
    details.push({
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: violations.map(({ field, description, reason: fieldReason }) => ({ field, description, ...(fieldReason ? { reason: fieldReason } : {}) })),
    });
  }
  return { error: { code: httpStatus, message, status, details } };
}

export const unauthenticated = (reason) =>
  googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token.', { reason, domain: 'googleapis.com' });

/** What `refuseAccount(reason)` answers: [HTTP status, body]. */
export function accountRefusal(reason) {
  if (reason === 'UNAUTHENTICATED') return [401, unauthenticated('ACCESS_TOKEN_TYPE_UNSUPPORTED')];
  if (reason === 'NOT_FOUND') return [404, googleError(404, 'NOT_FOUND', 'Resource not found.')];
  if (reason === 'INVALID_CONVERSION_ACTION_ID') {
    const violations = [{ field: 'destinations[0].productDestinationId', description: 'Conversion action ID is not valid.', reason }];
    return [400, googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', { reason, violations })];
  }
  if (reason === 'SERVICE_DISABLED') {
    const metadata = {
      service: 'datamanager.googleapis.com',
      consumer: 'projects/fake-project',
      activationUrl: 'https://console.developers.google.com/apis/api/datamanager.googleapis.com/overview?project=fake-project',
    };
    const message = 'Data Manager API has not been used in project fake-project before or it is disabled.';
    return [403, googleError(403, 'PERMISSION_DENIED', message, { reason, domain: 'googleapis.com', metadata })];
  }
  return [403, googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission.', { reason })];
}
