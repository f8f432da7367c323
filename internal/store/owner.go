package store

import "strings"

// Owner is whom a person's records belong to: the records made while
// signed in to their account (by its id), and the records sent with an
// address only when the account has verified that address. An address
// nobody proved reaches nothing: registering someone else's address shows,
// exports and erases none of their records.
type Owner struct {
	UserID string
	// Email is the account's verified address, lower-case; "" when the
	// account has not verified its address.
	Email string
}

// OwnerOf is the Owner of u's records.
func OwnerOf(u *User) Owner {
	o := Owner{UserID: u.ID}
	if u.EmailVerified() {
		o.Email = strings.ToLower(strings.TrimSpace(u.Email))
	}
	return o
}

// where is the condition selecting the rows of a table (with a user_id
// column and the sender's address in emailCol) that belong to o, with its
// arguments.
func (o Owner) where(emailCol string) (string, []any) {
	if o.Email == "" {
		return "user_id = ?", []any{o.UserID}
	}
	return "(user_id = ? OR (lower(" + emailCol + ") = ? AND " + emailCol + " <> ''))", []any{o.UserID, o.Email}
}

// Owns reports whether a record made by userID ("" when signed out) with
// the address email belongs to o.
func (o Owner) Owns(userID, email string) bool {
	return (userID != "" && userID == o.UserID) || (o.Email != "" && strings.EqualFold(strings.TrimSpace(email), o.Email))
}
