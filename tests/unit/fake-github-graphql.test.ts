/**
 * The fake GitHub's GraphQL (tests/support/fake-github-graphql.mjs) answers the GitHub store's
 * query as GitHub does: a repository's git objects by id, a blob's text, and a query that is not
 * one GitHub would run refused with status 200, `errors` in graphql-ruby's words and no `data`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_GITHUB_TOKEN, startFakeGithub } from '../support/fake-github.mjs';
import { png } from '../support/fake-github-seed.mjs';

type Fake = Awaited<ReturnType<typeof startFakeGithub>>;
const headers = { authorization: `Bearer ${FAKE_GITHUB_TOKEN}`, accept: 'application/vnd.github+json', 'user-agent': 'test' };
const REPOSITORY = { owner: 'kayla-reyes', name: 'coach-site' };
const STORE_QUERY = (objects: string) => `query ContentFiles($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { ${objects} } }`;

const FILES = {
  'text.json': Buffer.from('\ufeff{"name":"Zoë 💪"}\r\n'),
  'picture.png': png(7),
  'long.json': Buffer.from(`[${'"abcdef",'.repeat(20)}"end"]`),
  'latin1.json': Buffer.from('{"name":"Zoë"}', 'latin1'),
};

let fake: Fake;
let shas: Record<string, string>;
beforeAll(async () => {
  fake = await startFakeGithub({ graphqlTextLimit: 64 });
  fake.push(Object.fromEntries(Object.entries(FILES).map(([name, bytes]) => [`src/content/${name}`, bytes])));
  const tree = fake.git.readCommit(fake.head())!.tree;
  shas = Object.fromEntries([...fake.git.files(tree)].map(([path, entry]) => [path.replace('src/content/', ''), entry.sha]));
});
afterAll(() => fake.close());

async function graphql(body: unknown, path = '/graphql', extra: Record<string, string> = {}) {
  const response = await fetch(`${fake.url}${path}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

describe("the fake GitHub's GraphQL", () => {
  it('answers blobs by id with their text, whether binary, cut or whole; other objects by their type; an unknown id with null', async () => {
    const blob = (alias: string, sha: string) => `${alias}: object(oid: "${sha}") { __typename ... on Blob { oid text isBinary isTruncated byteSize } }`;
    const commit = fake.head();
    const query = STORE_QUERY(
      [
        blob('text', shas['text.json']!),
        blob('picture', shas['picture.png']!),
        blob('long', shas['long.json']!),
        blob('latin', shas['latin1.json']!),
        `commit: object(oid: "${commit}") { __typename ... on Commit { message } ... on Blob { text } }`,
        `none: object(oid: "${'0'.repeat(40)}") { __typename }`,
      ].join(' '),
    );
    const { status, body } = await graphql({ query, variables: REPOSITORY });
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        repository: {
          text: {
            __typename: 'Blob',
            oid: shas['text.json'],
            text: '\ufeff{"name":"Zoë 💪"}\r\n',
            isBinary: false,
            isTruncated: false,
            byteSize: FILES['text.json'].length,
          },
          picture: { __typename: 'Blob', oid: shas['picture.png'], text: null, isBinary: true, isTruncated: false, byteSize: FILES['picture.png'].length },
          long: {
            __typename: 'Blob',
            oid: shas['long.json'],
            text: FILES['long.json'].subarray(0, 64).toString(),
            isBinary: false,
            isTruncated: true,
            byteSize: FILES['long.json'].length,
          },
          // not UTF-8: read as Latin-1, so the text is right but not the file's bytes
          latin: { __typename: 'Blob', oid: shas['latin1.json'], text: '{"name":"Zoë"}', isBinary: false, isTruncated: false, byteSize: FILES['latin1.json'].length },
          commit: { __typename: 'Commit', message: 'Edit from elsewhere' },
          none: null,
        },
      },
    });
  });

  it('answers a repository the token cannot see with null and a NOT_FOUND error beside the data; names are not case sensitive', async () => {
    expect(await graphql({ query: '{ repository(owner: "Kayla-Reyes", name: "COACH-SITE") { nameWithOwner } }' })).toEqual({
      status: 200,
      body: { data: { repository: { nameWithOwner: 'kayla-reyes/coach-site' } } },
    });
    expect(await graphql({ query: '{ repository(owner: "kayla-reyes", name: "other") { nameWithOwner } }' })).toEqual({
      status: 200,
      body: {
        data: { repository: null },
        errors: [
          {
            type: 'NOT_FOUND',
            path: ['repository'],
            locations: [{ line: 1, column: 3 }],
            message: "Could not resolve to a Repository with the name 'kayla-reyes/other'.",
          },
        ],
      },
    });
  });

  it('refuses a query GitHub would not run: 200 with errors and no data', async () => {
    const refused = async (query: string, variables: unknown = REPOSITORY) => {
      const { status, body } = await graphql({ query, variables });
      expect(status).toBe(200);
      expect(body).not.toHaveProperty('data');
      return body.errors.map((error: { message: string; extensions?: { code?: string } }) => [error.extensions?.code ?? null, error.message]);
    };
    const object = (inner: string) => STORE_QUERY(`f0: object(oid: "${'a'.repeat(40)}") { ${inner} }`);
    expect(await refused(object('text'))).toEqual([['undefinedField', "Field 'text' doesn't exist on type 'GitObject'"]]);
    expect(await refused(object('... on Blob { texts }'))).toEqual([['undefinedField', "Field 'texts' doesn't exist on type 'Blob'"]]);
    expect(await refused(object('... on Repository { id }'))).toEqual([['cannotSpreadFragment', "Fragment on Repository can't be spread inside GitObject"]]);
    expect(await refused(object('... on Blobb { text }'))).toEqual([['undefinedType', "No such type Blobb, so it can't be a fragment condition"]]);
    expect(await refused(object('... on Blob { text { x } }'))).toEqual([
      ['selectionMismatch', "Selections can't be made on scalars (field 'text' returns String but has selections [x])"],
    ]);
    expect(await refused(STORE_QUERY('f0: object(oid: "a")'))).toEqual([
      ['selectionMismatch', "Field must have selections (field 'object' returns GitObject but has no selections. Did you mean 'object { ... }'?)"],
    ]);
    expect(await refused(STORE_QUERY('f0: object(sha: "a") { __typename }'))).toEqual([['argumentNotAccepted', "Field 'object' doesn't accept argument 'sha'"]]);
    expect(await refused(STORE_QUERY('f0: object(oid: 12) { __typename }'))).toEqual([
      ['argumentLiteralsIncompatible', "Argument 'oid' on Field 'f0' has an invalid value (12). Expected type 'GitObjectID'."],
    ]);
    expect(await refused(STORE_QUERY('f0: object(oid: "a") { __typename } f0: object(oid: "b") { __typename }'))).toEqual([
      ['fieldConflict', 'Field \'f0\' has a field conflict: object(oid: "a") or object(oid: "b")?'],
    ]);
    expect(await refused('query Q($owner: String!) { repository(owner: $owner) { id } }', { owner: 'x' })).toEqual([
      ['missingRequiredArguments', "Field 'repository' is missing required arguments: name"],
    ]);
    expect(await refused('query Q($owner: String) { repository(owner: $owner, name: $nom) { id } }')).toEqual([
      ['variableMismatch', 'Nullability mismatch on variable $owner and argument owner (String / String!)'],
      ['variableNotDefined', 'Variable $nom is used by Q but not declared'],
    ]);
    expect(await refused('query Q($owner: String!, $name: String!, $extra: Int) { repository(owner: $owner, name: $name) { id } }')).toEqual([
      ['variableNotUsed', 'Variable $extra is declared by Q but not used'],
    ]);
    expect(await refused(STORE_QUERY('id'), { owner: 'kayla-reyes' })).toEqual([[null, 'Variable $name of type String! was provided invalid value']]);
    expect(await refused('{ repository(owner: "a" name: "b") { id }')).toEqual([[null, 'Unexpected end of document']]);
    expect(await refused('{ repository(owner: "a", name: "b") { id } } }')).toEqual([[null, 'Parse error on "}" (RCURLY) at [1, 46]']]);
    expect(await refused('mutation { repository { id } }')).toEqual([[null, 'The fake GitHub answers queries, not a mutation']]);
    expect((await graphql({ variables: REPOSITORY })).body).toEqual({ errors: [{ message: 'A query attribute must be specified and must be a string.' }] });
  });

  it('refuses a caller as the REST API does: 401 without a token it knows, 403 without a User-Agent', async () => {
    const query = { query: '{ repository(owner: "kayla-reyes", name: "coach-site") { id } }' };
    expect(await graphql(query, '/graphql', { authorization: 'Bearer nope' })).toMatchObject({ status: 401, body: { message: 'Bad credentials' } });
    expect((await graphql(query, '/graphql', { 'user-agent': '' })).status).toBe(403);
    expect((await graphql(query, '/api/graphql')).status).toBe(404);
  });
});
