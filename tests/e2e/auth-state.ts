/** The sessions the sign-in setup project stores (tests/e2e/sign-in.setup.ts), for `test.use({ storageState })`. */
export const ADMIN_STATE = 'tests/e2e/.auth/admin.json';
export const MEMBER_STATE = 'tests/e2e/.auth/member.json';
export const EDITOR_STATE = 'tests/e2e/.auth/editor.json';
