package mail

// KindStaffRoles tells a person that an admin changed their staff roles.
const KindStaffRoles = "staff_roles"

// StaffRoles tells name that their roles are now held (each named in r's
// language; none when every role was taken), with the dashboard's link.
// It goes to the person whatever their mail choices: a change of what
// one may reach must never pass unseen.
func (r *Renderer) StaffRoles(to, name string, held []string) (Message, error) {
	words := make([]string, len(held))
	for i, role := range held {
		words[i] = r.word("role." + role)
	}
	return r.render(KindStaffRoles, to, "", struct {
		base
		Name  string
		Roles []string
		Link  string
	}{r.base(), name, words, r.url("/admin")})
}
