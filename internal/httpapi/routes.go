package httpapi

import (
	"net/http"

	"spdc/internal/entity"
	"spdc/internal/roles"
)

// routes lists every route of the site in one place; each staff route
// names beside it the permission it needs.
func (s *Server) routes() http.Handler {
	// Outside /api: health checks and the web app (files, and index.html
	// for client-side routes).
	root := http.NewServeMux()
	root.HandleFunc("GET /healthz", s.handle(s.healthz))
	root.HandleFunc("GET /readyz", s.handle(s.readyz))
	root.HandleFunc("GET /uploads/{name}", s.serveUpload)
	root.HandleFunc("GET /", s.serveWeb)
	root.HandleFunc("GET /robots.txt", s.robots)
	root.HandleFunc("GET /sitemap.xml", s.sitemap)

	// The JSON API. An unknown path answers 404 JSON and a known path with
	// another method 405 JSON (see apiErrors), never the web app.
	mux := http.NewServeMux()
	// api registers a handler that returns its failure: handle answers it
	// through writeError, the one place errors become responses.
	api := func(pattern string, h handlerFunc) { mux.HandleFunc(pattern, s.handle(h)) }
	// staff registers a route of the staff with the permission it needs
	// (see package roles), and keeps the declaration for GET /api/users/me,
	// the dashboard and the tests of every route against every role.
	staff := func(pattern string, p roles.Perm, h handlerFunc) {
		s.staffDecls = append(s.staffDecls, routeDecl{Pattern: pattern, Perm: p})
		api(pattern, s.require(p, h))
	}

	// Accounts: registration, sign-in, sessions and password resets.
	api("POST /api/users/register", s.register)
	api("POST /api/users/login", s.login)
	api("POST /api/users/login/two-step", s.withSecret(s.loginTwoStep))
	api("POST /api/users/logout", s.requireUser(s.logout))
	api("GET /api/users/me", s.requireUser(s.me))
	api("PUT /api/users/me", s.requireUser(s.updateMe))
	api("PUT /api/users/me/language", s.requireUser(s.setMyLanguage))
	api("POST /api/users/me/verify-email", s.requireUser(s.resendVerification))
	api("POST /api/users/verify-email", s.verifyEmail)
	api("GET /api/users/me/submissions", s.requireUser(s.mySubmissions))
	api("DELETE /api/users/me", s.requireUser(s.deleteMe))
	api("GET /api/users/me/export", s.requireUser(s.exportMe))
	api("POST /api/users/me/consents/{id}/withdraw", s.requireUser(s.withdrawConsent))
	api("PUT /api/users/me/nominee", s.requireUser(s.putNominee))
	api("GET /api/users/me/care", s.requireUser(s.myCare))
	api("GET /api/users/me/assisted", s.requireUser(s.myAssisted))
	staff("GET /api/admin/assisted", roles.PeopleRead, s.adminAssisted)
	staff("PUT /api/admin/assisted/{id}/guardian", roles.PeopleWrite, s.recordGuardianOrder)
	api("GET /api/notices/{form}", s.notice)
	api("POST /api/grievances", s.registerGrievance)
	staff("PUT /api/admin/grievances/{id}", roles.PrivacyManage, s.answerGrievance)
	staff("GET /api/admin/breaches", roles.PrivacyManage, s.listBreaches)
	staff("GET /api/admin/alerts", roles.SettingsWrite, s.listAlerts)
	staff("POST /api/admin/breaches", roles.PrivacyManage, s.recordBreach)
	staff("PUT /api/admin/breaches/{id}", roles.PrivacyManage, s.updateBreach)
	staff("PUT /api/admin/breaches/{id}/checklist/{item}", roles.PrivacyManage, s.checkBreach)
	staff("POST /api/admin/breaches/{id}/notice", roles.PrivacyManage, s.sendBreachNotice)
	api("POST /api/users/change-password", s.requireUser(s.changePassword))
	api("POST /api/users/forgot-password", s.forgotPassword)
	api("GET /api/users/reset-password/{token}", s.resetLink)
	api("POST /api/users/reset-password", s.resetPassword)

	// The first admin, through the setup link the server prints at start.
	api("GET /api/setup/{token}", s.setupInfo)
	api("POST /api/setup/{token}", s.setupAdmin)

	// Forms.
	api("POST /api/volunteers/register", s.registerVolunteer)
	api("POST /api/disciples/register", s.registerDisciple)
	api("GET /api/approval/{token}", s.approvalInfo)
	api("POST /api/approval/approve", s.approve)
	api("POST /api/approval/decline", s.decline)
	api("POST /api/hosts/register", s.registerHost)
	api("POST /api/contact", s.contact)
	api("POST /api/subscribers", s.subscribe)
	api("GET /api/referrers", s.publicReferrers)
	api("POST /api/donations", s.withSecret(s.reportDonation))
	api("GET /api/receipts/verify/{code}", s.withSecret(s.verifyReceipt))
	api("GET /api/users/me/donations", s.requireUser(s.myDonations))
	api("GET /api/users/me/donations/{id}/receipt.pdf", s.requireUser(s.withSecret(s.myReceiptPDF)))

	// The staff's dashboard: each route names the permission it needs;
	// roles.TabRead and roles.TabWrite are those of the list {tab} names.
	staff("GET /api/admin/tabs", roles.Staff, s.adminTabs)
	staff("GET /api/admin/{tab}", roles.TabRead, s.adminList)
	// A tab's CSV export, and a receipt's PDF (/api/admin/receipts/{id}.pdf):
	// one pattern, since two would both match /api/admin/receipts/export.csv.
	staff("GET /api/admin/{tab}/{file}", roles.TabRead, s.adminFile)
	staff("PUT /api/admin/{tab}/{id}", roles.TabWrite, s.adminUpdate)
	staff("DELETE /api/admin/{tab}/{id}", roles.TabWrite, s.adminDelete)
	staff("POST /api/admin/pending-disciples/{id}/resend", roles.PeopleWrite, s.adminResend)
	staff("POST /api/admin/pending-disciples/{id}/accept", roles.PeopleWrite, s.adminAcceptReview)
	staff("POST /api/admin/pending-disciples/{id}/reject", roles.PeopleWrite, s.adminRejectReview)
	staff("POST /api/admin/referrers", roles.PeopleWrite, s.adminAddReferrer)
	staff("POST /api/admin/mail/{id}/retry", roles.MailRead, s.adminMailRetry)

	// The care register: an elder's whole record, its assessments, plan
	// and contacts, suggested volunteers, and the partners directory (the
	// care and partners lists are tabs above).
	staff("GET /api/admin/care/{id}", roles.CareRead, s.careGet)
	staff("PUT /api/admin/care/{id}", roles.CareWrite, s.careUpdate)
	staff("POST /api/admin/care/{id}/assessments", roles.CareWrite, s.careAssess)
	staff("POST /api/admin/care/{id}/actions", roles.CareWrite, s.careAddAction)
	staff("PUT /api/admin/care/{id}/actions/{actionId}", roles.CareWrite, s.careUpdateAction)
	staff("GET /api/admin/care/{id}/matches", roles.CareRead, s.careMatches)
	staff("POST /api/admin/care/{id}/contacts", roles.CareWrite, s.careAddContact)
	staff("GET /api/admin/care/{id}/contacts", roles.CareRead, s.careContacts)
	staff("PUT /api/admin/hosts/{id}/capacity", roles.CareWrite, s.setHostCapacity)
	staff("POST /api/admin/partners", roles.CareWrite, s.addPartner)

	// The staff's follow-up of submissions: notes, replies, owners, bulk
	// changes, what is new, and the unsubscribe link.
	staff("GET /api/admin/new-counts", roles.Staff, s.staffNewCounts)
	staff("POST /api/admin/{tab}/seen", roles.TabRead, s.staffSeen)
	staff("POST /api/admin/{tab}/bulk", roles.TabWrite, s.staffBulk)
	staff("GET /api/admin/{tab}/{id}/notes", roles.TabRead, s.staffNotes)
	staff("POST /api/admin/{tab}/{id}/notes", roles.TabWrite, s.staffAddNote)
	staff("GET /api/admin/{tab}/{id}/replies", roles.TabRead, s.staffReplies)
	staff("POST /api/admin/{tab}/{id}/replies", roles.TabWrite, s.staffReply)
	// Two-step sign-in: set up by staff; seen, turned off and given new
	// recovery codes by whoever has it (someone who has since lost their
	// roles too).
	staff("POST /api/users/me/two-step/setup", roles.Staff, s.withSecret(s.twoStepSetup))
	staff("POST /api/users/me/two-step/confirm", roles.Staff, s.withSecret(s.twoStepConfirm))
	api("GET /api/users/me/two-step", s.requireUser(s.twoStepStatus))
	api("POST /api/users/me/two-step/disable", s.requireUser(s.withSecret(s.twoStepDisable)))
	api("POST /api/users/me/two-step/recovery-codes", s.requireUser(s.withSecret(s.twoStepNewCodes)))
	staff("GET /api/users/me/notifications", roles.Staff, s.staffPrefs)
	staff("PUT /api/users/me/notifications", roles.Staff, s.staffSetPrefs)
	root.HandleFunc("GET /unsubscribe/{token}", s.unsubscribe)

	// The staff and their roles, and the log of looks at personal data.
	staff("GET /api/admin/staff", roles.StaffList, s.staffMembers)
	staff("PUT /api/admin/staff/{id}/roles", roles.StaffManage, s.setStaffRoles)
	staff("GET /api/admin/access-log", roles.AuditRead, s.adminAccessLog)

	// Donations: the tab's list, export and delete are the shared ones
	// above; the donor's details are edited here because the ID is sealed.
	staff("PUT /api/admin/donations/{id}", roles.DonationsWrite, s.withSecret(s.updateDonor))
	staff("POST /api/admin/donations/{id}/confirm", roles.DonationsWrite, s.withSecret(s.confirmDonation))
	staff("POST /api/admin/donations/{id}/reject", roles.DonationsWrite, s.rejectDonation)
	staff("POST "+importHeadersPath, roles.DonationsWrite, s.importHeaders)
	staff("POST "+importPath, roles.DonationsWrite, s.withSecret(s.importStatement))
	staff("GET /api/admin/donations/statement", roles.DonationsRead, s.withSecret(s.donationStatement))
	staff("GET /api/admin/donations/statement.csv", roles.DonationsRead, s.withSecret(s.donationStatementCSV))
	staff("POST /api/admin/receipts/{id}/cancel", roles.DonationsWrite, s.cancelReceipt)
	staff("POST /api/admin/receipts/{id}/reissue", roles.DonationsWrite, s.withSecret(s.reissueReceipt))

	// Help given to elders, the funds it is paid from and the care
	// register's reports; a published year's accounts are public.
	staff("POST /api/admin/care/{id}/payments", roles.CareWrite, s.recordPayment)
	staff("POST /api/admin/payments/{id}/approve", roles.PaymentsApprove, s.approvePayment)
	staff("POST /api/admin/payments/{id}/cancel", roles.PaymentsApprove, s.cancelPayment)
	staff("GET /api/admin/funds", roles.FundsRead, s.funds)
	staff("GET /api/admin/reports", roles.ReportsRead, s.reports)
	staff("GET /api/admin/reports.csv", roles.ReportsRead, s.reportsCSV)
	staff("GET /api/admin/reports.pdf", roles.ReportsRead, s.reportsPDF)
	staff("POST /api/admin/reports/{fy}/publish", roles.SettingsWrite, s.publishYear)
	api("GET /api/accounts", s.accountsYears)
	api("GET /api/accounts/{fy}", s.accountsYear)

	// The site's own content: the public answer and the dashboard's editor.
	api("GET /api/site", s.getSite)
	staff("GET /api/admin/site", roles.ContentWrite, s.adminSite)
	staff("GET /api/admin/site/translations", roles.ContentWrite, s.adminTranslations)
	staff("GET /api/admin/site/settings", roles.SettingsWrite, s.adminGetSettings)
	staff("PUT /api/admin/site/settings", roles.SettingsWrite, s.adminPutSettings)
	// One literal path per collection: a {collection} wildcard would clash
	// with GET /api/admin/{tab}/export.csv.
	for _, e := range entity.SiteCollections {
		sr := siteRoute{s: s, e: e}
		base := "/api/admin/site/" + e.Name
		staff("GET "+base, roles.ContentWrite, sr.list)
		staff("POST "+base, roles.ContentWrite, sr.add)
		staff("PUT "+base+"/{id}", roles.ContentWrite, sr.update)
		staff("DELETE "+base+"/{id}", roles.ContentWrite, sr.remove)
		staff("POST "+base+"/order", roles.ContentWrite, sr.order)
	}

	// Pictures and videos of the site (the upload has its own body limit,
	// see bodyLimit).
	staff("POST /api/admin/media", roles.ContentWrite, s.uploadMedia)
	staff("GET /api/admin/media", roles.ContentWrite, s.listMedia)
	staff("PUT /api/admin/media/{id}", roles.ContentWrite, s.updateMedia)
	staff("DELETE /api/admin/media/{id}", roles.ContentWrite, s.deleteMedia)

	return s.middleware(mux, root)
}
