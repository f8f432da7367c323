-- The staff's roles other than admin: an admin is a user with is_admin
-- (so the first admin, `spdc admin create` and the isAdmin of the API
-- keep their meaning); coordinators, accountants, editors and trustees
-- hold a row here each. A person may hold several roles.
CREATE TABLE user_roles (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, role)
);
CREATE INDEX user_roles_role ON user_roles (role, user_id);
