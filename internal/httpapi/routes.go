package httpapi

import "net/http"

// routes lists every route of the site in one place.
func (s *Server) routes() http.Handler {
	// Outside /api: health checks and the web app (files, and index.html
	// for client-side routes).
	root := http.NewServeMux()
	root.HandleFunc("GET /healthz", s.healthz)
	root.HandleFunc("GET /readyz", s.readyz)
	root.HandleFunc("GET /uploads/{name}", s.serveUpload)
	root.HandleFunc("GET /", s.serveWeb)
	root.HandleFunc("GET /robots.txt", s.robots)
	root.HandleFunc("GET /sitemap.xml", s.sitemap)

	// The JSON API. An unknown path answers 404 JSON and a known path with
	// another method 405 JSON (see apiErrors), never the web app.
	mux := http.NewServeMux()

	// Accounts: registration, sign-in, sessions and password resets.
	mux.HandleFunc("POST /api/users/register", s.register)
	mux.HandleFunc("POST /api/users/login", s.login)
	mux.HandleFunc("POST /api/users/logout", s.requireUser(s.logout))
	mux.HandleFunc("GET /api/users/me", s.requireUser(s.me))
	mux.HandleFunc("PUT /api/users/me", s.requireUser(s.updateMe))
	mux.HandleFunc("GET /api/users/me/submissions", s.requireUser(s.mySubmissions))
	mux.HandleFunc("POST /api/users/change-password", s.requireUser(s.changePassword))
	mux.HandleFunc("POST /api/users/forgot-password", s.forgotPassword)
	mux.HandleFunc("POST /api/users/reset-password", s.resetPassword)

	// Forms.
	mux.HandleFunc("POST /api/volunteers/register", s.registerVolunteer)
	mux.HandleFunc("POST /api/disciples/register", s.registerDisciple)
	mux.HandleFunc("GET /api/approval/{token}", s.approvalInfo)
	mux.HandleFunc("POST /api/approval/approve", s.approve)
	mux.HandleFunc("POST /api/approval/decline", s.decline)
	mux.HandleFunc("POST /api/hosts/register", s.registerHost)
	mux.HandleFunc("POST /api/contact", s.contact)
	mux.HandleFunc("POST /api/subscribers", s.subscribe)
	mux.HandleFunc("GET /api/referrers", s.publicReferrers)

	// Admin dashboard: every route requires an admin session.
	mux.HandleFunc("GET /api/admin/tabs", s.requireAdmin(s.adminTabs))
	mux.HandleFunc("GET /api/admin/{tab}", s.requireAdmin(s.adminList))
	mux.HandleFunc("GET /api/admin/{tab}/export.csv", s.requireAdmin(s.adminExport))
	mux.HandleFunc("PUT /api/admin/{tab}/{id}", s.requireAdmin(s.adminUpdate))
	mux.HandleFunc("DELETE /api/admin/{tab}/{id}", s.requireAdmin(s.adminDelete))
	mux.HandleFunc("POST /api/admin/pending-disciples/{id}/resend", s.requireAdmin(s.adminResend))
	mux.HandleFunc("POST /api/admin/pending-disciples/{id}/accept", s.requireAdmin(s.adminAcceptReview))
	mux.HandleFunc("POST /api/admin/pending-disciples/{id}/reject", s.requireAdmin(s.adminRejectReview))
	mux.HandleFunc("POST /api/admin/referrers", s.requireAdmin(s.adminAddReferrer))
	mux.HandleFunc("GET /api/admin/mail", s.requireAdmin(s.adminMail))
	mux.HandleFunc("GET /api/admin/mail/export.csv", s.requireAdmin(s.adminMailExport))
	mux.HandleFunc("POST /api/admin/mail/{id}/retry", s.requireAdmin(s.adminMailRetry))

	// The site's own content: the public answer and the dashboard's editor.
	s.siteRoutes(mux)

	// Pictures and videos of the site (the upload has its own body limit,
	// see bodyLimit).
	mux.HandleFunc("POST /api/admin/media", s.requireAdmin(s.handle(s.uploadMedia)))
	mux.HandleFunc("GET /api/admin/media", s.requireAdmin(s.handle(s.listMedia)))
	mux.HandleFunc("PUT /api/admin/media/{id}", s.requireAdmin(s.handle(s.updateMedia)))
	mux.HandleFunc("DELETE /api/admin/media/{id}", s.requireAdmin(s.handle(s.deleteMedia)))

	return s.middleware(mux, root)
}
