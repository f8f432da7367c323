// Package demo fills a separate demo instance of the site with clearly
// marked example people and pictures, so the site can be shown with every
// block filled in. Every name says it is a demo, every picture is an
// illustration drawn here, and nothing is loaded unless asked: `make demo`
// runs it on its own data directory, and the site's normal start never
// calls it.
package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"

	"spdc/internal/entity"
	"spdc/internal/media"
	"spdc/internal/store"
)

// Marker ends every demo name, so no visitor mistakes a demo person for a
// real one.
const Marker = " — example only"

// actor is who the audit log names for the demo's rows.
var actor = store.Actor{ID: "demo", Email: "demo loader"}

// Summary says what Load added.
type Summary struct {
	Media int
	Items map[string]int // per collection
	// AlreadyLoaded is set when the demo content was found in place and
	// nothing was added.
	AlreadyLoaded bool
}

// picture is one demo picture and its description.
type picture struct {
	key  string
	alt  string
	draw func() *image.RGBA
}

// item is one demo item of a collection; photo names a picture by key.
// translated are its Hindi and Bengali versions: the text fields only,
// the rest is the English item's.
type item struct {
	collection string
	photo      string
	fields     map[string]any
	translated map[string]map[string]any
}

// markers end every demo name in Hindi and Bengali, as Marker does in
// English.
var markers = map[string]string{"hi": " — केवल उदाहरण", "bn": " — শুধু উদাহরণ"}

var pictures = []picture{
	{"asha", "Illustration of a smiling woman with grey hair in a bun and a red bindi, wearing a green sari (demo picture).",
		func() *image.RGBA {
			return portrait(person{background: 0xf6d7b0, clothes: 0x2f7d5b, skin: 0xc68642, hair: 0x2b1d14, hairStyle: "bun", bindi: true, grey: true})
		}},
	{"ravi", "Illustration of a smiling man with glasses and a tilak, wearing a saffron kurta (demo picture).",
		func() *image.RGBA {
			return portrait(person{background: 0xd6e6f2, clothes: 0xe07a1f, skin: 0x8d5524, hair: 0x1b120c, hairStyle: "short", glasses: true, tilak: true})
		}},
	{"meena", "Illustration of a smiling young woman with long dark hair, wearing a maroon top (demo picture).",
		func() *image.RGBA {
			return portrait(person{background: 0xf3d1dc, clothes: 0x8e2c48, skin: 0xe0ac69, hair: 0x2b1d14, hairStyle: "long", bindi: true})
		}},
	{"gopal", "Illustration of a smiling elderly man with a grey beard and glasses, wearing a blue shawl (demo picture).",
		func() *image.RGBA {
			return portrait(person{background: 0xe3efd8, clothes: 0x2c5d8f, skin: 0xa86b3c, hair: 0x2b1d14, hairStyle: "bald", glasses: true, beard: true, grey: true})
		}},
	{"village", "Illustration of a small house among green hills as the sun rises (demo picture).", sunriseVillage},
	{"lamps", "Illustration of seven oil lamps glowing on stone steps at dusk (demo picture).", lampsEvening},
}

var items = []item{
	{"team", "asha", map[string]any{"name": "Demo Sevika Asha" + Marker, "role": "Care coordinator (demo)",
		"bio": "This is a **demo profile** to show how the team block looks. It is not a real person."}, map[string]map[string]any{
		"hi": {"name": "डेमो सेविका आशा" + markers["hi"], "role": "देखभाल समन्वयक (उदाहरण)", "bio": "यह एक **उदाहरण परिचय** है, यह दिखाने के लिए कि टीम वाला भाग कैसा दिखता है। यह कोई असली व्यक्ति नहीं है।"},
		"bn": {"name": "ডেমো সেবিকা আশা" + markers["bn"], "role": "যত্ন সমন্বয়কারী (উদাহরণ)", "bio": "এটি একটি **উদাহরণ পরিচিতি**, দল অংশটি কেমন দেখায় তা দেখাতে। ইনি কোনো আসল মানুষ নন।"},
	}},
	{"team", "ravi", map[string]any{"name": "Demo Sevaka Ravi" + Marker, "role": "Volunteer lead (demo)",
		"bio": "A demo profile for the team block. Replace it with your own team from the dashboard."}, map[string]map[string]any{
		"hi": {"name": "डेमो सेवक रवि" + markers["hi"], "role": "स्वयंसेवक प्रमुख (उदाहरण)", "bio": "टीम वाले भाग के लिए एक उदाहरण परिचय। डैशबोर्ड से इसकी जगह अपनी टीम लिखें।"},
		"bn": {"name": "ডেমো সেবক রবি" + markers["bn"], "role": "স্বেচ্ছাসেবক প্রধান (উদাহরণ)", "bio": "দল অংশের জন্য একটি উদাহরণ পরিচিতি। ড্যাশবোর্ড থেকে এর জায়গায় আপনার নিজের দলের কথা লিখুন।"},
	}},
	{"donors", "gopal", map[string]any{"name": "Demo Donor Gopal" + Marker, "amount": 5001, "consent": true}, map[string]map[string]any{
		"hi": {"name": "डेमो दानदाता गोपाल" + markers["hi"]}, "bn": {"name": "ডেমো দাতা গোপাল" + markers["bn"]},
	}},
	{"donors", "", map[string]any{"name": "Demo Donor Family" + Marker, "amount": 1100, "consent": true}, map[string]map[string]any{
		"hi": {"name": "डेमो दानदाता परिवार" + markers["hi"]}, "bn": {"name": "ডেমো দাতা পরিবার" + markers["bn"]},
	}},
	{"volunteers", "meena", map[string]any{"name": "Demo Volunteer Meena" + Marker, "role": "Weekly visits (demo)"}, map[string]map[string]any{
		"hi": {"name": "डेमो स्वयंसेविका मीना" + markers["hi"], "role": "हर हफ़्ते मुलाक़ात (उदाहरण)"},
		"bn": {"name": "ডেমো স্বেচ্ছাসেবিকা মীনা" + markers["bn"], "role": "প্রতি সপ্তাহে দেখা করা (উদাহরণ)"},
	}},
	{"volunteers", "", map[string]any{"name": "Demo Volunteer Arjun" + Marker, "role": "Cooking (demo)"}, map[string]map[string]any{
		"hi": {"name": "डेमो स्वयंसेवक अर्जुन" + markers["hi"], "role": "रसोई (उदाहरण)"},
		"bn": {"name": "ডেমো স্বেচ্ছাসেবক অর্জুন" + markers["bn"], "role": "রান্না (উদাহরণ)"},
	}},
	{"testimonials", "", map[string]any{"name": "Demo Resident" + Marker, "place": "Demo town",
		"quote": "This is a demo testimonial, written to show the layout. It quotes no real person.", "stars": 5}, map[string]map[string]any{
		"hi": {"name": "डेमो निवासी" + markers["hi"], "place": "उदाहरण नगर", "quote": "यह एक उदाहरण अनुभव है, केवल रूप दिखाने के लिए लिखा गया। यह किसी असली व्यक्ति के शब्द नहीं हैं।"},
		"bn": {"name": "ডেমো বাসিন্দা" + markers["bn"], "place": "উদাহরণ শহর", "quote": "এটি একটি উদাহরণ অভিজ্ঞতা, শুধু চেহারা দেখাতে লেখা। এটি কোনো আসল মানুষের কথা নয়।"},
	}},
	{"testimonials", "", map[string]any{"name": "Demo Family Member" + Marker, "place": "Demo village",
		"quote": "Another demo testimonial, for the layout only.", "stars": 4}, map[string]map[string]any{
		"hi": {"name": "डेमो परिवार सदस्य" + markers["hi"], "place": "उदाहरण गाँव", "quote": "एक और उदाहरण अनुभव, केवल रूप दिखाने के लिए।"},
		"bn": {"name": "ডেমো পরিবারের সদস্য" + markers["bn"], "place": "উদাহরণ গ্রাম", "quote": "আরেকটি উদাহরণ অভিজ্ঞতা, শুধু চেহারা দেখানোর জন্য।"},
	}},
	{"gallery", "village", map[string]any{"alt": "Illustration of a small house among green hills as the sun rises (demo picture)."}, map[string]map[string]any{
		"hi": {"alt": "सूरज उगते समय हरी पहाड़ियों के बीच एक छोटे घर का चित्र (उदाहरण चित्र)।"},
		"bn": {"alt": "সূর্য ওঠার সময় সবুজ পাহাড়ের মাঝে একটি ছোট বাড়ির ছবি (উদাহরণ ছবি)।"},
	}},
	{"gallery", "lamps", map[string]any{"alt": "Illustration of seven oil lamps glowing on stone steps at dusk (demo picture)."}, map[string]map[string]any{
		"hi": {"alt": "शाम के समय पत्थर की सीढ़ियों पर जलते सात दीयों का चित्र (उदाहरण चित्र)।"},
		"bn": {"alt": "সন্ধ্যায় পাথরের সিঁড়িতে জ্বলতে থাকা সাতটি প্রদীপের ছবি (উদাহরণ ছবি)।"},
	}},
	{"causes", "", map[string]any{"title": "Demo cause: medicines for a year" + Marker,
		"text":    "An example cause, written to show the layout: a year of prescribed medicines for elders who cannot afford them.",
		"details": "This **demo cause** shows how a cause looks on the site. Its need and its figures are invented."}, map[string]map[string]any{
		"hi": {"title": "उदाहरण उद्देश्य: एक साल की दवाइयाँ" + markers["hi"],
			"text":    "रूप दिखाने के लिए लिखा गया एक उदाहरण उद्देश्य: उन बुज़ुर्गों के लिए एक साल की दवाइयाँ, जो इन्हें नहीं खरीद सकते।",
			"details": "यह **उदाहरण उद्देश्य** दिखाता है कि साइट पर उद्देश्य कैसे दिखते हैं। इसकी ज़रूरत और इसके आँकड़े काल्पनिक हैं।"},
		"bn": {"title": "উদাহরণ উদ্দেশ্য: এক বছরের ওষুধ" + markers["bn"],
			"text":    "চেহারা দেখাতে লেখা একটি উদাহরণ উদ্দেশ্য: যে প্রবীণরা ওষুধ কিনতে পারেন না, তাঁদের জন্য এক বছরের ওষুধ।",
			"details": "এই **উদাহরণ উদ্দেশ্য** দেখায় সাইটে উদ্দেশ্যগুলি কেমন দেখায়। এর প্রয়োজন ও সংখ্যাগুলি কাল্পনিক।"},
	}},
	{"causes", "", map[string]any{"title": "Demo cause: rooms near the temple" + Marker,
		"text": "An example cause, for the layout only: rent for quiet rooms within walking distance of a temple."}, map[string]map[string]any{
		"hi": {"title": "उदाहरण उद्देश्य: मंदिर के पास कमरे" + markers["hi"], "text": "केवल रूप दिखाने के लिए एक उदाहरण उद्देश्य: मंदिर से पैदल दूरी पर शांत कमरों का किराया।"},
		"bn": {"title": "উদাহরণ উদ্দেশ্য: মন্দিরের কাছে ঘর" + markers["bn"], "text": "শুধু চেহারা দেখানোর জন্য একটি উদাহরণ উদ্দেশ্য: মন্দিরের হাঁটা দূরত্বে শান্ত ঘরের ভাড়া।"},
	}},
	{"stories", "lamps", map[string]any{"title": "Demo story: an evening of lamps" + Marker, "date": "2026-01-15",
		"body": "This **demo story** shows how stories look on the site. The event and the people in it are invented."}, map[string]map[string]any{
		"hi": {"title": "उदाहरण कथा: दीयों की एक शाम" + markers["hi"], "body": "यह **उदाहरण कथा** दिखाती है कि साइट पर कथाएँ कैसी दिखती हैं। इसकी घटना और इसके लोग काल्पनिक हैं।"},
		"bn": {"title": "উদাহরণ গল্প: প্রদীপের এক সন্ধ্যা" + markers["bn"], "body": "এই **উদাহরণ গল্প** দেখায় সাইটে গল্পগুলি কেমন দেখায়। এর ঘটনা ও মানুষেরা কাল্পনিক।"},
	}},
}

// Load adds the demo pictures and items to the database of st. Pictures
// go through the same processing and store functions as an admin's
// upload; items go through the collections' definitions and the store's
// AddSiteItem, as the dashboard's additions do. When the demo's first
// picture is already stored (found by its description, whichever version
// drew it, or by its bytes), the demo is taken as loaded and nothing is
// added.
func Load(ctx context.Context, st *store.Store) (Summary, error) {
	sum := Summary{Items: map[string]int{}}
	stored, err := st.ListMedia(ctx)
	if err != nil {
		return sum, fmt.Errorf("demo: list pictures: %w", err)
	}
	for _, m := range stored {
		if m.Alt == pictures[0].alt {
			return Summary{Items: map[string]int{}, AlreadyLoaded: true}, nil
		}
	}
	ids := map[string]string{}
	err = st.InTx(ctx, func(tx *store.Tx) error {
		for _, p := range pictures {
			var buf bytes.Buffer
			if err := png.Encode(&buf, p.draw()); err != nil {
				return fmt.Errorf("demo: draw %s: %w", p.key, err)
			}
			res, err := media.Image(ctx, buf.Bytes())
			if err != nil {
				return fmt.Errorf("demo: process %s: %w", p.key, err)
			}
			m := &store.Media{Kind: res.Kind, Alt: p.alt, Width: res.Width, Height: res.Height}
			for _, f := range res.Files {
				m.Files = append(m.Files, store.MediaFile{Name: f.Name, Width: f.Width, Height: f.Height, ContentType: f.ContentType, Body: f.Body})
			}
			var exists *store.MediaExistsError
			if err := store.InsertMedia(ctx, tx, m, actor, st.Now()); errors.As(err, &exists) && len(ids) == 0 {
				return errAlreadyLoaded
			} else if err != nil {
				return fmt.Errorf("demo: store %s: %w", p.key, err)
			}
			ids[p.key] = m.ID
			sum.Media++
		}
		return nil
	})
	if errors.Is(err, errAlreadyLoaded) {
		return Summary{Items: map[string]int{}, AlreadyLoaded: true}, nil
	}
	if err != nil {
		return sum, err
	}
	for _, it := range items {
		body := map[string]json.RawMessage{}
		for k, v := range it.fields {
			b, err := json.Marshal(v)
			if err != nil {
				return sum, fmt.Errorf("demo: %s item: %w", it.collection, err)
			}
			body[k] = b
		}
		if it.photo != "" {
			body["photo"], _ = json.Marshal(ids[it.photo])
		}
		e := entity.SiteCollection(it.collection)
		if e == nil {
			return sum, fmt.Errorf("demo: no collection %q", it.collection)
		}
		doc, errs := entity.CheckDoc(e.Fields, body, st.Now())
		if len(errs) > 0 {
			return sum, fmt.Errorf("demo: %s item: %v", it.collection, errs)
		}
		item := &store.SiteItem{Collection: it.collection, Language: store.DefaultLanguage, Published: true, Fields: doc}
		if err := st.AddSiteItem(ctx, item, actor); err != nil {
			return sum, fmt.Errorf("demo: add %s item: %w", it.collection, err)
		}
		sum.Items[it.collection]++
		for _, lang := range []string{"hi", "bn"} {
			if err := addTranslation(ctx, st, e, item, body, it.translated[lang], lang); err != nil {
				return sum, err
			}
		}
	}
	return sum, nil
}

// addTranslation adds the translation into lang of the English item
// added from body: body with the translated text over it.
func addTranslation(ctx context.Context, st *store.Store, e *entity.Entity, english *store.SiteItem, body map[string]json.RawMessage, text map[string]any, lang string) error {
	tr := make(map[string]json.RawMessage, len(body))
	for k, v := range body {
		tr[k] = v
	}
	for k, v := range text {
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("demo: %s item in %s: %w", e.Name, lang, err)
		}
		tr[k] = b
	}
	doc, errs := entity.CheckDoc(e.Fields, tr, st.Now())
	if len(errs) > 0 {
		return fmt.Errorf("demo: %s item in %s: %v", e.Name, lang, errs)
	}
	item := &store.SiteItem{Collection: e.Name, Language: lang, TranslationOf: english.ID, Published: true, Fields: doc}
	if err := st.AddSiteItem(ctx, item, actor); err != nil {
		return fmt.Errorf("demo: add %s item in %s: %w", e.Name, lang, err)
	}
	return nil
}

var errAlreadyLoaded = errors.New("demo: already loaded")
