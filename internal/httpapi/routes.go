package httpapi

import (
	"net/http"

	"spdc/internal/entity"
)

// routes lists every route of the site in one place.
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

	// Accounts: registration, sign-in, sessions and password resets.
	api("POST /api/users/register", s.register)
	api("POST /api/users/login", s.login)
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
	api("GET /api/users/me/assisted", s.requireUser(s.myAssisted))
	api("GET /api/admin/assisted", s.requireAdmin(s.adminAssisted))
	api("PUT /api/admin/assisted/{id}/guardian", s.requireAdmin(s.recordGuardianOrder))
	api("GET /api/notices/{form}", s.notice)
	api("POST /api/grievances", s.registerGrievance)
	api("PUT /api/admin/grievances/{id}", s.requireAdmin(s.answerGrievance))
	api("GET /api/admin/breaches", s.requireAdmin(s.listBreaches))
	api("POST /api/admin/breaches", s.requireAdmin(s.recordBreach))
	api("PUT /api/admin/breaches/{id}", s.requireAdmin(s.updateBreach))
	api("PUT /api/admin/breaches/{id}/checklist/{item}", s.requireAdmin(s.checkBreach))
	api("POST /api/admin/breaches/{id}/notice", s.requireAdmin(s.sendBreachNotice))
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

	// Admin dashboard: every route requires an admin session.
	api("GET /api/admin/tabs", s.requireAdmin(s.adminTabs))
	api("GET /api/admin/{tab}", s.requireAdmin(s.adminList))
	// A tab's CSV export, and a receipt's PDF (/api/admin/receipts/{id}.pdf):
	// one pattern, since two would both match /api/admin/receipts/export.csv.
	api("GET /api/admin/{tab}/{file}", s.requireAdmin(s.adminFile))
	api("PUT /api/admin/{tab}/{id}", s.requireAdmin(s.adminUpdate))
	api("DELETE /api/admin/{tab}/{id}", s.requireAdmin(s.adminDelete))
	api("POST /api/admin/pending-disciples/{id}/resend", s.requireAdmin(s.adminResend))
	api("POST /api/admin/pending-disciples/{id}/accept", s.requireAdmin(s.adminAcceptReview))
	api("POST /api/admin/pending-disciples/{id}/reject", s.requireAdmin(s.adminRejectReview))
	api("POST /api/admin/referrers", s.requireAdmin(s.adminAddReferrer))
	api("POST /api/admin/mail/{id}/retry", s.requireAdmin(s.adminMailRetry))

	// Donations: the tab's list, export and delete are the shared ones
	// above; the donor's details are edited here because the ID is sealed.
	api("PUT /api/admin/donations/{id}", s.requireAdmin(s.withSecret(s.updateDonor)))
	api("POST /api/admin/donations/{id}/confirm", s.requireAdmin(s.withSecret(s.confirmDonation)))
	api("POST /api/admin/donations/{id}/reject", s.requireAdmin(s.rejectDonation))
	api("POST "+importHeadersPath, s.requireAdmin(s.importHeaders))
	api("POST "+importPath, s.requireAdmin(s.withSecret(s.importStatement)))
	api("GET /api/admin/donations/statement", s.requireAdmin(s.withSecret(s.donationStatement)))
	api("GET /api/admin/donations/statement.csv", s.requireAdmin(s.withSecret(s.donationStatementCSV)))
	api("POST /api/admin/receipts/{id}/cancel", s.requireAdmin(s.cancelReceipt))
	api("POST /api/admin/receipts/{id}/reissue", s.requireAdmin(s.withSecret(s.reissueReceipt)))

	// The site's own content: the public answer and the dashboard's editor.
	api("GET /api/site", s.getSite)
	api("GET /api/admin/site", s.requireAdmin(s.adminSite))
	api("GET /api/admin/site/translations", s.requireAdmin(s.adminTranslations))
	api("GET /api/admin/site/settings", s.requireAdmin(s.adminGetSettings))
	api("PUT /api/admin/site/settings", s.requireAdmin(s.adminPutSettings))
	// One literal path per collection: a {collection} wildcard would clash
	// with GET /api/admin/{tab}/export.csv.
	for _, e := range entity.SiteCollections {
		sr := siteRoute{s: s, e: e}
		base := "/api/admin/site/" + e.Name
		api("GET "+base, s.requireAdmin(sr.list))
		api("POST "+base, s.requireAdmin(sr.add))
		api("PUT "+base+"/{id}", s.requireAdmin(sr.update))
		api("DELETE "+base+"/{id}", s.requireAdmin(sr.remove))
		api("POST "+base+"/order", s.requireAdmin(sr.order))
	}

	// Pictures and videos of the site (the upload has its own body limit,
	// see bodyLimit).
	api("POST /api/admin/media", s.requireAdmin(s.uploadMedia))
	api("GET /api/admin/media", s.requireAdmin(s.listMedia))
	api("PUT /api/admin/media/{id}", s.requireAdmin(s.updateMedia))
	api("DELETE /api/admin/media/{id}", s.requireAdmin(s.deleteMedia))

	// The staff's follow-up of submissions: notes, replies, owners, bulk
	// changes, what is new, and the unsubscribe link.
	s.staffRoutes(api, root)

	return s.middleware(mux, root)
}
