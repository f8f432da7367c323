package mail

import (
	"fmt"
	"slices"
	"time"
)

// OpsAlertKinds are the conditions an OpsAlert is about: mail failing for
// an hour, a failed scheduled backup, the data directory's disk over 90 %
// full, a certificate not renewed 14 days before it expires.
var OpsAlertKinds = []string{"mail_failing", "backup_failed", "disk_full", "certificate"}

// OpsAlert tells an admin that the condition kind holds since since, with
// what was found (a technical line: an error, a percentage), and where to
// look.
func (r *Renderer) OpsAlert(to, kind, detail string, since time.Time) (Message, error) {
	if !slices.Contains(OpsAlertKinds, kind) {
		return Message{}, fmt.Errorf("mail: unknown alert kind %q", kind)
	}
	return r.render(KindOpsAlert, to, "", struct {
		base
		Kind, Detail, Since, Link string
	}{r.base(), kind, Inert(detail), DateTimeIn(r.Site.Zone, r.lang(), since), r.url("/admin")})
}
