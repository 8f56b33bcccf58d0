/** The roles in `user_roles` that open a part of the admin: an admin all of it, an editor the content editor. */
export type AdminRole = 'admin' | 'editor';
