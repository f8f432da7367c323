// Package auth holds the account security primitives that do not depend on
// HTTP: argon2id password hashing with a constant-cost path for unknown
// accounts, random tokens, identity normalisation (email, mobile) and
// throttling shared by every instance through the database.
package auth
