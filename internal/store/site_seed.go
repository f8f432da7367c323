package store

// The program's own prose, as a fresh install shows it: the pages (about,
// vision, mission, privacy, terms, the donation introduction), the eight
// features, the six steps with their Read More text and the FAQ, in
// English, published, each with its Hindi and Bengali translation
// (site_seed_languages.go), and the tagline in the three languages. Long text is Markdown. There is no person, phone
// number, address, bank account or amount here: those are the program's
// to enter from the dashboard.

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"spdc/internal/entity"
)

// seedTagline is the program's tagline on a fresh install.
const seedTagline = "Caring for Srila Prabhupada's elderly disciples"

// seedCollections are the seeded items, by collection, in order.
var seedCollections = map[string][]map[string]any{
	"pages": {
		{"slug": "about", "title": "About SPDC", "body": "Srila Prabhupada’s disciples gave their youth to spreading Krishna consciousness. They built temples, distributed books, cooked for thousands and travelled the world with little thought for their own future. Many of them are now in their seventies and eighties, and some live alone, without savings, family nearby or reliable health care.\n\nSPDC is a care program that finds these elders, listens to what they need and organises help: money for rent and medicine, escorts to hospitals, rooms near the holy places, regular calls and visits, and the association of devotees. It is run by volunteers and funded by the gifts of well-wishers."},
		{"slug": "vision", "title": "Our vision", "body": "That no initiated disciple of Srila Prabhupada spends the last years of life neglected, in want or without devotee association, and that every one of them can remain absorbed in the holy name until the end."},
		{"slug": "mission", "title": "Our mission", "body": "To find every elderly disciple who needs help, to understand their needs with respect, and to meet those needs with financial aid, health care coordination, safe accommodation and a caring community, accountably and in the spirit of service."},
		{"slug": "privacy", "title": "Privacy Policy", "body": privacyPolicyBody("en")},
		{"slug": "terms", "title": "Terms & Conditions", "body": "These terms apply to everyone who uses this website or takes part in the SPDC program as a disciple, volunteer, host or donor. By registering you accept them.\n\n## Eligibility\n\n- Disciples: the program serves devotees who were initiated directly by Srila Prabhupada. A registration must be confirmed by a referral from an existing disciple or a temple president.\n- Volunteers and hosts: you must be an adult and must align with the principles of the movement in your conduct while serving.\n\n## Your responsibilities\n\n- Give true and complete information and keep it up to date.\n- Keep your password to yourself and tell us if you think someone else has used your account.\n- Respect the privacy of the elders you meet: what you learn in service stays in service.\n\n## Code of conduct\n\n- Treat every elder, family member and fellow volunteer with kindness, patience and respect.\n- Follow the guidance of the program coordinators, especially in health and money matters.\n- Never ask for or accept money or gifts from the elders in our care.\n\n## Termination\n\nWe may suspend or end an account or a volunteer or host role if these terms are broken or if an elder’s safety requires it. You may end your participation at any time by writing to us.\n\n## Liability\n\nSPDC is a service run largely by volunteers. We do our best to arrange good care, but medical decisions remain with qualified doctors and the people concerned. To the extent the law allows, SPDC is not liable for loss arising from the use of this website or from services provided by independent partners."},
		{"slug": "donation", "title": "Donation", "body": "Your gift pays for medicine, rent, hospital care and travel for elderly disciples who have no one else to turn to. We accept donations by domestic bank transfer in India."},
	},
	"features": {
		{"title": "Financial assistance", "text": "Monthly support and one-time grants for rent, food, medicine and other essentials.", "icon": "money"},
		{"title": "Healthcare coordination", "text": "Doctor visits, hospital stays, medicines and follow-up arranged and accompanied by volunteers.", "icon": "health"},
		{"title": "Emotional and spiritual support", "text": "Regular calls, visits, kirtan and reading together, so nobody feels forgotten.", "icon": "heart"},
		{"title": "Comprehensive health assessments", "text": "Yearly check-ups that catch problems early and guide the help we plan.", "icon": "check"},
		{"title": "Community events", "text": "Gatherings on festival days where elders share memories and younger devotees listen.", "icon": "people"},
		{"title": "Relocation assistance", "text": "Help moving closer to a temple, a holy place or family, with hosts who care for them.", "icon": "home"},
		{"title": "Advocacy", "text": "Speaking up for elders with hospitals, landlords and institutions when they cannot do it alone.", "icon": "voice"},
		{"title": "Volunteering", "text": "A way for every devotee to serve, from one phone call a week to full-time care.", "icon": "hands"},
	},
	"steps": {
		{"title": "Needs assessment", "text": "We begin by listening. Volunteers visit or call each elderly disciple to learn about their health, their living situation, their income and what worries them most.", "details": "The conversation follows a short, gentle questionnaire prepared with doctors and senior devotees, so nothing important is missed and nobody is made to feel like a case number.\n\nTemple presidents and long-time friends help us find disciples who have become isolated. Every answer is kept private and is used only to plan that person’s care."},
		{"title": "Establish program infrastructure", "text": "A small coordinating team, regional care coordinators and clear procedures make sure requests for help are answered quickly and fairly.", "details": "Each region has a coordinator who knows the local temples, hospitals and pilgrimage places. Coordinators meet every month to share what works.\n\nSimple written procedures cover emergencies, hospital stays, travel and financial help, so that help does not depend on who happens to answer the phone."},
		{"title": "Database", "text": "A secure register records each disciple’s consent, needs, referrer and the help given, so no one falls through the cracks and every rupee can be accounted for.", "details": "Only authorised coordinators can read the register. Disciples can ask to see, correct or remove what we hold about them at any time.\n\nEach registration is confirmed by a temple president or an existing disciple, which keeps the register trustworthy and protects the elders from misuse of their names."},
		{"title": "Build partnerships", "text": "We work with temples, hospitals, doctors, guest houses and devotee families who open their homes, so that care is close to where each elder lives.", "details": ""},
		{"title": "Launch and promotion", "text": "Through temples, festivals, newsletters and word of mouth we let disciples, their families and well-wishers know that help is available and how to ask for it.", "details": ""},
		{"title": "Monitor and evaluate", "text": "We follow up on every case, collect feedback from the elders themselves and review the numbers each quarter. Our achievements are presented annually to the governing body members.", "details": ""},
	},
	"faq": {
		{"question": "Who can receive help from SPDC?", "answer": "Devotees who were initiated directly by Srila Prabhupada and who need help because of age, health or lack of means. A temple president or an existing disciple confirms each registration."},
		{"question": "How do I register a disciple?", "answer": "Fill in the SP Disciple form. We then e-mail the temple president you named, who confirms the registration with one click. A coordinator contacts the disciple afterwards."},
		{"question": "Does it cost anything?", "answer": "No. All help is free for the elders. The program is paid for by donations and run mostly by volunteers."},
		{"question": "How can I volunteer?", "answer": "Use the Become a Volunteer form and tell us what you enjoy doing and how much time you have. Our volunteer coordinator will call you and match you with an elder nearby."},
		{"question": "Can I host an elderly disciple in my home?", "answer": "Yes. Use the Become a host form to tell us about the room you can offer and for how long. We visit every host before an elder stays."},
		{"question": "How do I donate and get a receipt?", "answer": "Donations are made by bank transfer. The Donation page lists the account and what to e-mail us afterwards so we can send your 80G or general receipt."},
	},
}

// seedSite fills a database that has no site settings yet with the
// settings of a fresh install (the name SPDC and the tagline) and the
// program's own prose. A database that has settings is left as it is,
// so the seeding runs once, whichever instance starts first. It is not
// audited: no admin made it.
func (s *Store) seedSite(ctx context.Context) error {
	now := s.now().UTC().Truncate(time.Millisecond)
	return s.InTx(ctx, func(tx *Tx) error {
		if s.Dialect() == Postgres {
			if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(72530002)"); err != nil {
				return err
			}
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM site_settings`).Scan(&n); err != nil {
			return fmt.Errorf("store: seed site: %w", err)
		}
		if n > 0 {
			return nil
		}
		settings, err := json.Marshal(cleanSeed(entity.SiteSettings.Fields, map[string]any{"orgName": "SPDC", "tagline": seedTagline}))
		if err != nil {
			return fmt.Errorf("store: seed site: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO site_settings (id, data, version, revision, updated_at) VALUES (1, ?, 0, 1, ?)`,
			string(settings), Millis(now)); err != nil {
			return fmt.Errorf("store: seed site: %w", err)
		}
		if err := importSettingsLanguages(ctx, tx, seedSettingsLanguages(), map[string]any{"orgName": "SPDC", "tagline": seedTagline}, now); err != nil {
			return fmt.Errorf("store: seed site: %w", err)
		}
		for _, name := range []string{"pages", "features", "steps", "faq"} {
			for pos, fields := range seedCollections[name] {
				it := &SiteItem{ID: NewID(now), Collection: name, Language: DefaultLanguage, Position: pos, Published: true,
					Fields: cleanSeed(entity.SiteCollection(name).Fields, fields), CreatedAt: now, UpdatedAt: now}
				if err := insertSiteItem(ctx, tx, it); err != nil {
					return err
				}
				for _, lang := range seedLanguages {
					tr := &SiteItem{ID: NewID(now), Collection: name, Language: lang, TranslationOf: it.ID, Position: pos, Published: true,
						Fields:    cleanSeed(entity.SiteCollection(name).Fields, seedTranslation(fields, seedTranslations[lang][name][pos])),
						CreatedAt: now, UpdatedAt: now}
					if err := insertSiteItem(ctx, tx, tr); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
}

// seedLanguages are the languages the seeded prose is translated into.
var seedLanguages = []string{"hi", "bn"}

// seedTranslation is a seeded item in another language: the English
// item's fields with the translated text over them.
func seedTranslation(english, text map[string]any) map[string]any {
	out := make(map[string]any, len(english))
	for k, v := range english {
		out[k] = v
	}
	for k, v := range text {
		out[k] = v
	}
	return out
}

// seedSettingsLanguages are the translated settings of a fresh install:
// the tagline in each seeded language.
func seedSettingsLanguages() map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, lang := range seedLanguages {
		doc := map[string]any{}
		// The program's name is a name: the same in every language.
		doc["orgName"], doc["tagline"] = "SPDC", seedTaglines[lang]
		out[lang] = cleanSeed(entity.SiteSettingsTranslated, doc)
	}
	return out
}

// cleanSeed is a seeded record with every field of its definition.
func cleanSeed(fields []entity.Field, v map[string]any) map[string]any {
	b, _ := json.Marshal(v)
	return fillDoc(fields, string(b))
}
