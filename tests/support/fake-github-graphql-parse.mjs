/**
 * GraphQL's query language, parsed as its specification writes it, for the fake GitHub's GraphQL
 * endpoint (tests/support/fake-github-graphql.mjs): one operation with its variables, selections
 * of fields (alias, arguments) and inline fragments, and the values an argument takes. A document
 * that is not GraphQL is refused with the words GitHub's parser uses: `Parse error on "}" (RCURLY)
 * at [1, 10]`. Named fragments and directives are GraphQL too, but the store sends none: the fake
 * refuses them rather than answer them wrongly.
 */

export class GraphqlParseError extends Error {
  constructor(message, location) {
    super(message);
    this.locations = location ? [location] : [];
  }
}

const PUNCTUATORS = {
  '!': 'BANG',
  $: 'VAR_SIGN',
  '(': 'LPAREN',
  ')': 'RPAREN',
  ':': 'COLON',
  '=': 'EQUALS',
  '@': 'DIR_SIGN',
  '[': 'LBRACKET',
  ']': 'RBRACKET',
  '{': 'LCURLY',
  '}': 'RCURLY',
  '|': 'PIPE',
  '&': 'AMP',
};
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const NAME = /[_A-Za-z][_0-9A-Za-z]*/y;
const ESCAPES = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
/** The text `sticky` (a /y expression) matches at `index`, or null. */
const matchAt = (sticky, source, index) => {
  sticky.lastIndex = index;
  return sticky.exec(source)?.[0] ?? null;
};

function tokenize(source) {
  const tokens = [];
  let line = 1;
  let lineStart = 0;
  const at = (index) => ({ line, column: index - lineStart + 1 });
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    if (char === '\n' || char === '\r') {
      index += char === '\r' && source[index + 1] === '\n' ? 2 : 1;
      line += 1;
      lineStart = index;
    } else if (char === ' ' || char === '\t' || char === ',' || char === '\ufeff') index += 1;
    else if (char === '#') while (index < source.length && source[index] !== '\n' && source[index] !== '\r') index += 1;
    else if (source.startsWith('...', index)) {
      tokens.push({ kind: 'ELLIPSIS', value: '...', location: at(index) });
      index += 3;
    } else if (PUNCTUATORS[char]) {
      tokens.push({ kind: PUNCTUATORS[char], value: char, location: at(index) });
      index += 1;
    } else if (matchAt(NAME, source, index)) {
      const name = matchAt(NAME, source, index);
      tokens.push({ kind: 'IDENTIFIER', value: name, location: at(index) });
      index += name.length;
    } else if (matchAt(NUMBER, source, index)) {
      const text = matchAt(NUMBER, source, index);
      tokens.push({ kind: /[.eE]/.test(text) ? 'FLOAT' : 'INT', value: text, location: at(index) });
      index += text.length;
    } else if (char === '"') {
      if (source.startsWith('"""', index)) throw new GraphqlParseError(`Parse error on "\\"\\"\\"" (error) at [${line}, ${index - lineStart + 1}]`, at(index));
      const start = at(index);
      let value = '';
      index += 1;
      for (;;) {
        const next = source[index];
        if (next === undefined || next === '\n' || next === '\r')
          throw new GraphqlParseError(`Parse error on unterminated string at [${start.line}, ${start.column}]`, start);
        index += 1;
        if (next === '"') break;
        if (next !== '\\') value += next;
        else if (source[index] === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(index + 1, index + 5))) {
          value += String.fromCharCode(parseInt(source.slice(index + 1, index + 5), 16));
          index += 5;
        } else if (ESCAPES[source[index]] !== undefined) value += ESCAPES[source[index++]];
        else throw new GraphqlParseError(`Parse error on bad unicode escape sequence at [${line}, ${index - lineStart + 1}]`, at(index));
      }
      tokens.push({ kind: 'STRING', value, location: start });
    } else throw new GraphqlParseError(`Parse error on "${char}" (error) at [${line}, ${index - lineStart + 1}]`, at(index));
  }
  tokens.push({ kind: 'EOF', value: '', location: at(index) });
  return tokens;
}

/** The document's one operation: { kind, name, variables: [{ name, type, location }], selections, location }. */
export function parseGraphql(source) {
  const tokens = tokenize(source);
  let position = 0;
  const peek = () => tokens[position];
  const unexpected = (token = peek()) => {
    if (token.kind === 'EOF') return new GraphqlParseError('Unexpected end of document', token.location);
    const shown = token.kind === 'STRING' ? JSON.stringify(token.value) : `"${token.value}"`;
    return new GraphqlParseError(`Parse error on ${shown} (${token.kind}) at [${token.location.line}, ${token.location.column}]`, token.location);
  };
  const expect = (kind, value) => {
    const token = peek();
    if (token.kind !== kind || (value !== undefined && token.value !== value)) throw unexpected(token);
    position += 1;
    return token;
  };
  const is = (kind, value) => peek().kind === kind && (value === undefined || peek().value === value);

  function type() {
    let parsed;
    if (is('LBRACKET')) {
      position += 1;
      parsed = { list: type() };
      expect('RBRACKET');
    } else parsed = { name: expect('IDENTIFIER').value };
    if (is('BANG')) {
      position += 1;
      return { nonNull: parsed };
    }
    return parsed;
  }

  function value() {
    const token = peek();
    if (token.kind === 'VAR_SIGN') {
      position += 1;
      return { kind: 'variable', name: expect('IDENTIFIER').value, location: token.location };
    }
    position += 1;
    if (token.kind === 'STRING') return { kind: 'string', value: token.value, location: token.location };
    if (token.kind === 'INT') return { kind: 'int', value: Number(token.value), location: token.location };
    if (token.kind === 'FLOAT') return { kind: 'float', value: Number(token.value), location: token.location };
    if (token.kind === 'IDENTIFIER') {
      if (token.value === 'true' || token.value === 'false') return { kind: 'boolean', value: token.value === 'true', location: token.location };
      return token.value === 'null' ? { kind: 'null', value: null, location: token.location } : { kind: 'enum', value: token.value, location: token.location };
    }
    if (token.kind === 'LBRACKET') {
      const values = [];
      while (!is('RBRACKET')) values.push(value());
      position += 1;
      return { kind: 'list', values, location: token.location };
    }
    if (token.kind === 'LCURLY') {
      const fields = [];
      while (!is('RCURLY')) {
        const name = expect('IDENTIFIER').value;
        expect('COLON');
        fields.push({ name, value: value() });
      }
      position += 1;
      return { kind: 'object', fields, location: token.location };
    }
    position -= 1;
    throw unexpected(token);
  }

  function selectionSet() {
    expect('LCURLY');
    const selections = [];
    do selections.push(selection());
    while (!is('RCURLY'));
    position += 1;
    return selections;
  }

  function selection() {
    if (is('DIR_SIGN')) throw new GraphqlParseError('The fake GitHub takes no directives', peek().location);
    if (is('ELLIPSIS')) {
      const start = expect('ELLIPSIS').location;
      if (!is('IDENTIFIER', 'on')) throw new GraphqlParseError('The fake GitHub takes inline fragments (... on Type) only', start);
      position += 1;
      const typeName = expect('IDENTIFIER').value;
      return { kind: 'fragment', typeName, selections: selectionSet(), location: start };
    }
    const first = expect('IDENTIFIER');
    let alias = null;
    let name = first.value;
    if (is('COLON')) {
      position += 1;
      alias = first.value;
      name = expect('IDENTIFIER').value;
    }
    const args = [];
    if (is('LPAREN')) {
      position += 1;
      do {
        const argument = expect('IDENTIFIER');
        expect('COLON');
        args.push({ name: argument.value, value: value(), location: argument.location });
      } while (!is('RPAREN'));
      position += 1;
    }
    if (is('DIR_SIGN')) throw new GraphqlParseError('The fake GitHub takes no directives', peek().location);
    return { kind: 'field', alias, name, args, selections: is('LCURLY') ? selectionSet() : null, location: first.location };
  }

  function operation() {
    const start = peek().location;
    if (is('LCURLY')) return { kind: 'query', name: null, variables: [], selections: selectionSet(), location: start };
    const keyword = expect('IDENTIFIER');
    if (keyword.value === 'fragment') throw new GraphqlParseError('The fake GitHub takes no named fragments', keyword.location);
    if (!['query', 'mutation', 'subscription'].includes(keyword.value)) throw unexpected(keyword);
    const name = is('IDENTIFIER') ? expect('IDENTIFIER').value : null;
    const variables = [];
    if (is('LPAREN')) {
      position += 1;
      do {
        const sign = expect('VAR_SIGN');
        const variable = expect('IDENTIFIER').value;
        expect('COLON');
        const declared = type();
        if (is('EQUALS')) throw new GraphqlParseError('The fake GitHub takes no default values', peek().location);
        variables.push({ name: variable, type: declared, location: sign.location });
      } while (!is('RPAREN'));
      position += 1;
    }
    return { kind: keyword.value, name, variables, selections: selectionSet(), location: start };
  }

  const parsed = operation();
  if (!is('EOF')) {
    if (is('IDENTIFIER') || is('LCURLY')) throw new GraphqlParseError('The fake GitHub takes one operation per document', peek().location);
    throw unexpected();
  }
  return parsed;
}

/** A type as GraphQL writes it: `String!`, `[ID!]`. */
export const typeName = (type) => (type.nonNull ? `${typeName(type.nonNull)}!` : type.list ? `[${typeName(type.list)}]` : type.name);
