-- 0182: the person a user names to act for them if they die or cannot
-- act themselves: a name and an email or phone number. One per account;
-- it goes with the account.
CREATE TABLE nominees (
    user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL DEFAULT '',
    phone      TEXT NOT NULL DEFAULT '',
    updated_at BIGINT NOT NULL
);
