package mail

// KindTwoStep tells a member of staff that their two-step sign-in was
// turned off by them, or cleared from the command line.
const KindTwoStep = "two_step"

// The changes of two-step sign-in a KindTwoStep message tells.
const (
	TwoStepOff   = "off"
	TwoStepReset = "reset"
)

// TwoStep tells name that their two-step sign-in has ended (event is
// TwoStepOff or TwoStepReset), with the link to My Account where it is set
// up again. It goes whatever their mail choices: a change to how one's
// account is protected must never pass unseen.
func (r *Renderer) TwoStep(to, name, event string) (Message, error) {
	return r.render(KindTwoStep, to, "", struct {
		base
		Name  string
		Reset bool
		Link  string
	}{r.base(), name, event == TwoStepReset, r.url("/myaccount")})
}
