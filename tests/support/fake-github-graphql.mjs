/**
 * The fake GitHub's GraphQL endpoint (POST /graphql): the part of GitHub's schema the content store
 * asks for (a repository's git objects by id, a blob with its text), a query validated as GitHub
 * validates one (unknown fields, arguments, fragments and variables refused with graphql-ruby's
 * words and codes: status 200, `errors` and no `data`), and answered as GitHub answers: `data`,
 * with `errors` beside it for a repository the token cannot see (type NOT_FOUND).
 */
import { GraphqlParseError, parseGraphql, typeName } from './fake-github-graphql-parse.mjs';

const field = (type, args = {}) => ({ type, args });
const GIT_OBJECT = { oid: field('GitObjectID!'), abbreviatedOid: field('String!'), id: field('ID!') };
const TYPES = {
  Query: { fields: { repository: field('Repository', { owner: 'String!', name: 'String!', followRenames: 'Boolean' }) } },
  Repository: { fields: { object: field('GitObject', { oid: 'GitObjectID', expression: 'String' }), nameWithOwner: field('String!'), id: field('ID!') } },
  GitObject: { possible: ['Blob', 'Commit', 'Tree'], fields: GIT_OBJECT },
  // isBinary: null when GitHub cannot tell the encoding
  Blob: { fields: { ...GIT_OBJECT, text: field('String'), isBinary: field('Boolean'), isTruncated: field('Boolean!'), byteSize: field('Int!') } },
  Commit: { fields: { ...GIT_OBJECT, message: field('String!') } },
  Tree: { fields: GIT_OBJECT },
};
const SCALARS = { String: 'string', ID: 'string', GitObjectID: 'string', Boolean: 'boolean', Int: 'int' };
const baseOf = (type) => type.replace(/[[\]!]/g, '');
const LITERALS = { string: 'string', boolean: 'boolean', int: 'int' };

function printValue(value) {
  if (value.kind === 'variable') return `$${value.name}`;
  if (value.kind === 'list') return `[${value.values.map(printValue).join(', ')}]`;
  if (value.kind === 'object') return `{${value.fields.map((entry) => `${entry.name}: ${printValue(entry.value)}`).join(', ')}}`;
  return value.kind === 'string' ? JSON.stringify(value.value) : String(value.value);
}

/** The query's problems, each as GitHub words it; variables used are collected in `used`. */
function validate(operation) {
  const errors = [];
  const used = [];
  const problem = (message, node, path, extensions) => errors.push({ path, extensions, locations: [node.location], message });
  const walk = (selections, parent, path) => {
    const seen = new Map();
    for (const selection of selections) {
      if (selection.kind === 'fragment') {
        const target = selection.typeName;
        const here = [...path, `... on ${target}`];
        if (!TYPES[target] || target === 'Query')
          problem(`No such type ${target}, so it can't be a fragment condition`, selection, here, { code: 'undefinedType', typeName: target });
        else if (target !== parent && !TYPES[parent].possible?.includes(target) && !TYPES[target].possible?.includes(parent))
          problem(`Fragment on ${target} can't be spread inside ${parent}`, selection, here, {
            code: 'cannotSpreadFragment',
            typeName: target,
            fragmentName: 'unknown',
            parentName: parent,
          });
        else walk(selection.selections, target, here);
        continue;
      }
      const key = selection.alias ?? selection.name;
      const here = [...path, key];
      const signature = `${selection.name}(${selection.args.map((argument) => `${argument.name}: ${printValue(argument.value)}`).join(', ')})`;
      if (seen.has(key) && seen.get(key) !== signature)
        problem(`Field '${key}' has a field conflict: ${seen.get(key)} or ${signature}?`, selection, here, {
          code: 'fieldConflict',
          fieldName: key,
          conflicts: `${seen.get(key)} or ${signature}`,
        });
      seen.set(key, signature);
      if (selection.name === '__typename') {
        if (selection.selections)
          problem(`Selections can't be made on scalars (field '__typename' returns String! but has selections [...])`, selection, here, {
            code: 'selectionMismatch',
            nodeName: '__typename',
            typeName: 'String!',
          });
        continue;
      }
      const definition = TYPES[parent].fields[selection.name];
      if (!definition) {
        problem(`Field '${selection.name}' doesn't exist on type '${parent}'`, selection, here, { code: 'undefinedField', typeName: parent, fieldName: selection.name });
        continue;
      }
      for (const argument of selection.args) {
        const expected = definition.args[argument.name];
        if (!expected) {
          problem(`Field '${selection.name}' doesn't accept argument '${argument.name}'`, argument, [...here, argument.name], {
            code: 'argumentNotAccepted',
            name: selection.name,
            typeName: 'Field',
            argumentName: argument.name,
          });
          continue;
        }
        const { value } = argument;
        if (value.kind === 'variable') used.push({ name: value.name, expected, argument: argument.name, location: value.location, path: [...here, argument.name] });
        else if (value.kind === 'null' ? expected.endsWith('!') : LITERALS[value.kind] !== SCALARS[baseOf(expected)])
          problem(
            `Argument '${argument.name}' on Field '${key}' has an invalid value (${printValue(value)}). Expected type '${expected}'.`,
            argument,
            [...here, argument.name],
            {
              code: 'argumentLiteralsIncompatible',
              typeName: 'Field',
              argumentName: argument.name,
            },
          );
      }
      const missing = Object.entries(definition.args)
        .filter(([name, type]) => type.endsWith('!') && !selection.args.some((argument) => argument.name === name))
        .map(([name]) => name);
      if (missing.length)
        problem(`Field '${selection.name}' is missing required arguments: ${missing.join(', ')}`, selection, here, {
          code: 'missingRequiredArguments',
          className: 'Field',
          name: selection.name,
          arguments: missing.join(', '),
        });
      const returns = baseOf(definition.type);
      if (SCALARS[returns] && selection.selections)
        problem(
          `Selections can't be made on scalars (field '${selection.name}' returns ${definition.type} but has selections [${selection.selections.map((inner) => inner.alias ?? inner.name ?? `... on ${inner.typeName}`).join(', ')}])`,
          selection,
          here,
          {
            code: 'selectionMismatch',
            nodeName: `field '${selection.name}'`,
            typeName: definition.type,
          },
        );
      else if (!SCALARS[returns] && !selection.selections)
        problem(
          `Field must have selections (field '${selection.name}' returns ${definition.type} but has no selections. Did you mean '${selection.name} { ... }'?)`,
          selection,
          here,
          {
            code: 'selectionMismatch',
            nodeName: `field '${selection.name}'`,
            typeName: definition.type,
          },
        );
      else if (!SCALARS[returns]) walk(selection.selections, returns, here);
    }
  };
  const root = operation.name ? `${operation.kind} ${operation.name}` : operation.kind;
  walk(operation.selections, 'Query', [root]);
  const label = operation.name ?? `anonymous ${operation.kind}`;
  for (const declared of operation.variables) {
    const type = typeName(declared.type);
    if (!SCALARS[baseOf(type)])
      problem(`${type} isn't a defined input type (on $${declared.name})`, declared, [root], {
        code: 'variableRequiresValidType',
        typeName: type,
        variableName: declared.name,
      });
    if (!used.some((use) => use.name === declared.name))
      problem(`Variable $${declared.name} is declared by ${label} but not used`, declared, [root], { code: 'variableNotUsed', variableName: declared.name });
  }
  for (const use of used) {
    const declared = operation.variables.find((variable) => variable.name === use.name);
    if (!declared) problem(`Variable $${use.name} is used by ${label} but not declared`, use, use.path, { code: 'variableNotDefined', variableName: use.name });
    else {
      const type = typeName(declared.type);
      if (type !== use.expected && type !== `${use.expected}!`) {
        const what = baseOf(type) === baseOf(use.expected) ? 'Nullability' : 'Type';
        problem(`${what} mismatch on variable $${use.name} and argument ${use.argument} (${type} / ${use.expected})`, use, use.path, {
          code: 'variableMismatch',
          variableName: use.name,
          typeName: type,
          argumentName: use.argument,
          errorMessage: `${what} mismatch`,
        });
      }
    }
  }
  return errors;
}

/** The variables' values, or the problems with them. */
function coerceVariables(operation, given) {
  const errors = [];
  const values = {};
  for (const declared of operation.variables) {
    const type = typeName(declared.type);
    const value = given?.[declared.name];
    let explanation = null;
    if (value === undefined || value === null) explanation = type.endsWith('!') ? 'Expected value to not be null' : null;
    else if (typeof value !== (SCALARS[baseOf(type)] === 'int' ? 'number' : SCALARS[baseOf(type)]))
      explanation = `Could not coerce value ${JSON.stringify(value)} to ${baseOf(type)}`;
    if (explanation)
      errors.push({
        extensions: { value: value ?? null, problems: [{ path: [], explanation }] },
        locations: [declared.location],
        message: `Variable $${declared.name} of type ${type} was provided invalid value`,
      });
    values[declared.name] = value ?? null;
  }
  return { values, errors };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
const latin1 = new TextDecoder('latin1');

/**
 * A git object as GraphQL shows it, or null. A blob's text: none when a NUL byte is in its first
 * 8000 bytes (binary), cut at `textLimit` bytes (isTruncated), and, when it is not UTF-8, read
 * as Latin-1: GraphQL's text is not always the file's bytes, the store checks it.
 */
export function graphqlObject(git, oid, textLimit) {
  const type = git.typeOf(oid);
  if (!type) return null;
  const common = { oid, abbreviatedOid: oid.slice(0, 7), id: `${type[0].toUpperCase()}_${oid.slice(0, 20)}` };
  if (type === 'commit') return { __typename: 'Commit', ...common, message: git.readCommit(oid).message };
  if (type === 'tree') return { __typename: 'Tree', ...common };
  const bytes = git.readBlob(oid);
  const isBinary = bytes.subarray(0, 8000).includes(0);
  const isTruncated = !isBinary && bytes.length > textLimit;
  let text = null;
  if (isTruncated) text = lenient.decode(bytes.subarray(0, textLimit));
  else if (!isBinary) {
    try {
      text = utf8.decode(bytes);
    } catch {
      text = latin1.decode(bytes);
    }
  }
  return { __typename: 'Blob', ...common, byteSize: bytes.length, isBinary, isTruncated, text };
}

/**
 * Answers one GraphQL request: [status, body].
 * @param {{ body: any, repository: string, access: string, object: (oid: string) => object | null }} request
 */
export function answerGraphql({ body, repository, access, object }) {
  if (typeof body?.query !== 'string') return [200, { errors: [{ message: 'A query attribute must be specified and must be a string.' }] }];
  let operation;
  try {
    operation = parseGraphql(body.query);
  } catch (error) {
    if (error instanceof GraphqlParseError) return [200, { errors: [{ message: error.message, locations: error.locations }] }];
    throw error;
  }
  if (operation.kind !== 'query') return [200, { errors: [{ message: `The fake GitHub answers queries, not a ${operation.kind}` }] }];
  const problems = validate(operation);
  if (problems.length) return [200, { errors: problems }];
  const { values, errors: invalid } = coerceVariables(operation, body.variables);
  if (invalid.length) return [200, { errors: invalid }];

  const errors = [];
  const argument = (selection, name) => {
    const given = selection.args.find((entry) => entry.name === name)?.value;
    return given === undefined ? null : given.kind === 'variable' ? values[given.name] : given.value;
  };
  const resolve = (selections, type, value, path, into = {}) => {
    for (const selection of selections) {
      if (selection.kind === 'fragment') {
        if (selection.typeName === type || TYPES[selection.typeName].possible?.includes(type)) resolve(selection.selections, type, value, path, into);
        continue;
      }
      const key = selection.alias ?? selection.name;
      if (selection.name === '__typename') into[key] = type;
      else if (type === 'Query') {
        const name = `${argument(selection, 'owner')}/${argument(selection, 'name')}`;
        const found = name.toLowerCase() === repository.toLowerCase() && access !== 'none';
        if (!found)
          errors.push({
            type: 'NOT_FOUND',
            path: [...path, key],
            locations: [selection.location],
            message: `Could not resolve to a Repository with the name '${name}'.`,
          });
        into[key] = found ? resolve(selection.selections, 'Repository', { nameWithOwner: repository, id: `R_${repository}` }, [...path, key]) : null;
      } else if (type === 'Repository' && selection.name === 'object') {
        const oid = argument(selection, 'oid');
        const found = typeof oid === 'string' ? object(oid) : null;
        into[key] = found ? resolve(selection.selections, found.__typename, found, [...path, key]) : null;
      } else into[key] = value[selection.name] ?? null;
    }
    return into;
  };
  const data = resolve(operation.selections, 'Query', null, []);
  return [200, errors.length ? { data, errors } : { data }];
}

/** How many objects a query asks for (its `object` fields): the fake's request log keeps it. */
export function objectsAskedFor(query) {
  try {
    const count = (selections) => selections.reduce((total, selection) => total + (selection.name === 'object' ? 1 : 0) + count(selection.selections ?? []), 0);
    return count(parseGraphql(query).selections);
  } catch {
    return 0;
  }
}
