package entity

// The privacy notices in Hindi and Bengali. Each language has its own
// version, changed whenever its wording changes, so a consent record says
// which words its sender read. The wording is for elderly readers: plain,
// polite, short sentences, with the terms of internal/i18n/GLOSSARY.md.

// noticeVersions are the version of each language's current wording.
var noticeVersions = map[string]string{"en": NoticeVersion, "hi": "2026-11-27.2", "bn": "2026-11-27.2"}

// noticeWords is one notice in one language: its title, how long the
// data is kept, and each item's purpose, by field (its label is the
// field's own, from the definitions).
type noticeWords struct {
	Title, Keep string
	Items       map[string]string // field: purpose
}

// noticeCommon is what every notice of one language says about
// withdrawing consent and complaining.
type noticeCommon struct{ Withdraw, Complain string }

var noticeCommons = map[string]noticeCommon{
	"hi": {
		Withdraw: "आप अपनी सहमति कभी भी वापस ले सकते हैं, उतनी ही आसानी से जितनी आसानी से आपने दी थी। मेरा खाता में, मेरी जानकारी के नीचे, फ़ॉर्म के आगे वापस लें चुनें (तब वह फ़ॉर्म मिटा दिया जाता है)। या गोपनीयता नीति वाले पेज पर दिए शिकायत अधिकारी को लिखें। सहमति वापस लेने से, उससे पहले क़ानून के अनुसार किया गया काम नहीं बदलता।",
		Complain: "अगर आप हमारे काम से संतुष्ट नहीं हैं, तो हमारे शिकायत अधिकारी को लिखें (गोपनीयता नीति वाला पेज देखें)। हम 90 दिन के भीतर उत्तर देते हैं। आप भारत का डेटा संरक्षण बोर्ड (Data Protection Board of India) से भी शिकायत कर सकते हैं।",
	},
	"bn": {
		Withdraw: "আপনি যেকোনো সময় আপনার সম্মতি ফিরিয়ে নিতে পারেন, যত সহজে দিয়েছিলেন তত সহজেই। আমার অ্যাকাউন্ট-এ, আমার তথ্য অংশে, ফর্মের পাশে ফিরিয়ে নিন বেছে নিন (তখন ফর্মটি মুছে ফেলা হয়)। অথবা গোপনীয়তা নীতির পাতায় দেওয়া অভিযোগ আধিকারিককে লিখুন। সম্মতি ফিরিয়ে নিলে তার আগে আইন মেনে যা করা হয়েছে, তা বদলায় না।",
		Complain: "আমরা আপনার তথ্য যেভাবে রাখি তাতে সন্তুষ্ট না হলে আমাদের অভিযোগ আধিকারিককে লিখুন (গোপনীয়তা নীতির পাতা দেখুন)। আমরা 90 দিনের মধ্যে উত্তর দিই। আপনি ভারতের ডেটা সুরক্ষা বোর্ড (Data Protection Board of India)-এর কাছেও অভিযোগ জানাতে পারেন।",
	},
}

// The purposes several forms share, per language.
var (
	hiName, bnName       = "आप कौन हैं यह जानने और आपको नाम से पुकारने के लिए।", "আপনি কে তা জানতে এবং আপনাকে নাম ধরে সম্বোধন করতে।"
	hiEmail, bnEmail     = "यह बताने के लिए कि आपका फ़ॉर्म मिल गया, और आपको उत्तर देने के लिए।", "আপনার ফর্ম পেয়েছি তা জানাতে এবং আপনাকে উত্তর দিতে।"
	hiPhone, bnPhone     = "अगर ईमेल से बात न हो पाए, तो आपसे संपर्क करने के लिए।", "ইমেলে যোগাযোগ না হলে আপনার সঙ্গে যোগাযোগ করতে।"
	hiAddress, bnAddress = "यह जानने के लिए कि आप कहाँ रहते हैं, ताकि आपसे मिल सकें और पास में मदद कर सकें।", "আপনি কোথায় থাকেন তা জানতে, যাতে দেখা করতে ও কাছাকাছি সাহায্য করতে পারি।"
	hiCountry, bnCountry = "आपके सबसे पास का केंद्र ढूँढने के लिए।", "আপনার সবচেয়ে কাছের কেন্দ্র খুঁজতে।"
	hiCenter, bnCenter   = "आपका फ़ॉर्म सही केंद्र तक पहुँचाने के लिए।", "আপনার ফর্ম ঠিক কেন্দ্রে পৌঁছে দিতে।"
	hiAgree, bnAgree     = "यह दर्ज करने के लिए कि आपने सहमति दी।", "আপনি সম্মতি দিয়েছেন তা লিখে রাখতে।"
	hiAnswer, bnAnswer   = "आपको उत्तर देने के लिए।", "আপনাকে উত্তর দিতে।"
)

// noticeTranslations are the notices in each language, by form.
var noticeTranslations = map[string]map[string]noticeWords{
	"hi": {
		"volunteer": {Title: "स्वयंसेवक फ़ॉर्म", Keep: "जब तक आप हमारे साथ सेवा करते हैं, हम आपका फ़ॉर्म रखते हैं। आपके कहने पर, या आपका खाता हटाने पर, हम उसे मिटा देते हैं।",
			Items: map[string]string{
				"fullName": hiName, "email": hiEmail, "mobile": hiPhone,
				"address": hiAddress, "country": hiCountry, "nearestCenter": hiCenter,
				"availability":    "आपके समय के अनुसार सेवा की योजना बनाने के लिए।",
				"areasOfInterest": "आपकी चुनी हुई सेवा देने के लिए।", "otherInterest": "आपकी चुनी हुई सेवा देने के लिए।",
				"experience": "आपकी जानकारी के अनुसार सेवा देने के लिए।", "motivation": "यह समझने के लिए कि आप सेवा क्यों करना चाहते हैं।",
				"skills": "आप जो कर सकते हैं, उसके अनुसार सेवा देने के लिए।", "consent": hiAgree,
			}},
		"disciple": {Title: "शिष्य पंजीकरण", Keep: "स्वीकृत पंजीकरण तब तक रखा जाता है जब तक आप कार्यक्रम में हैं। अस्वीकृत या समय बीत चुका अनुरोध 12 महीने बाद मिटा दिया जाता है।",
			Items: map[string]string{
				"fullName": hiName, "dateOfBirth": "आपकी उम्र जानने के लिए, क्योंकि यह कार्यक्रम वरिष्ठ भक्तों के लिए है।",
				"address": hiAddress, "contactNumber": hiPhone, "discipleEmail": hiEmail,
				"templePresidentEmail": "आपके मंदिर अध्यक्ष से आपकी दीक्षा की पुष्टि माँगने के लिए।",
				"initiationDate":       "यह पुष्टि करने के लिए कि आप दीक्षित शिष्य हैं।", "initiationName": "यह पुष्टि करने के लिए कि आप दीक्षित शिष्य हैं।",
			}},
		"host": {Title: "आतिथेय का प्रस्ताव", Keep: "जब तक आप हमारे साथ आतिथेय हैं, हम आपका प्रस्ताव रखते हैं। आपके कहने पर, या आपका खाता हटाने पर, हम उसे मिटा देते हैं।",
			Items: map[string]string{
				"fullName": hiName, "initiatedName": hiName, "contactNumber": hiPhone,
				"email": hiEmail, "address": "यह जानने के लिए कि वरिष्ठ भक्त कहाँ रहेंगे।", "country": hiCountry,
				"nearestCenter": hiCenter, "accommodationTypes": "वरिष्ठ भक्तों के लिए सही जगह चुनने के लिए।",
				"accommodationOther":    "वरिष्ठ भक्तों के लिए सही जगह चुनने के लिए।",
				"availabilityDurations": "आपके समय के अनुसार ठहरने की योजना बनाने के लिए।", "facilities": "वरिष्ठ भक्तों के लिए सही जगह चुनने के लिए।",
				"facilityOther": "वरिष्ठ भक्तों के लिए सही जगह चुनने के लिए।", "whyHost": "आपका प्रस्ताव समझने के लिए।",
				"consentTerms": hiAgree, "consentContact": hiAgree,
			}},
		"contact": {Title: "संपर्क फ़ॉर्म", Keep: "आपका संदेश उत्तर मिलने तक, और उसके बाद 12 महीने और, रखा जाता है। फिर उसे मिटा दिया जाता है।",
			Items: map[string]string{
				"name": hiName, "email": hiAnswer, "subject": "आपका संदेश सही व्यक्ति तक भेजने के लिए।",
				"phone": hiPhone, "message": hiAnswer, "acceptTerms": hiAgree,
			}},
		"donation": {Title: "दान की सूचना", Keep: "क़ानून के अनुसार दान और रसीद का रिकॉर्ड दस साल रखना ज़रूरी है। आपका खाता हटाने पर भी ये रखे जाते हैं, पर खाते से अलग करके, और किसी और काम में नहीं लिए जाते।",
			Items: map[string]string{
				"donorName": "आपके नाम से रसीद बनाने के लिए।", "email": "आपको रसीद भेजने के लिए।", "phone": hiPhone,
				"address":  "टैक्स विवरण और आपकी रसीद पर यह लिखना ज़रूरी है।",
				"idType":   "टैक्स विवरण में लिखना होता है कि आपने कौन-सा पहचान पत्र दिया।",
				"idNumber": "आयकर क़ानून के अनुसार टैक्स विवरण और आपकी रसीद के लिए यह ज़रूरी है। इसे कूट रूप में रखा जाता है और छिपाकर दिखाया जाता है।",
				"paidOn":   "आपके दान को बैंक के विवरण से मिलाने के लिए।", "purpose": "आपके दान को आपकी इच्छा के अनुसार लगाने के लिए।",
				"consent": hiAgree,
			}},
	},
	"bn": {
		"volunteer": {Title: "স্বেচ্ছাসেবক ফর্ম", Keep: "আপনি যতদিন আমাদের সঙ্গে সেবা করেন, ততদিন আমরা আপনার ফর্ম রাখি। আপনি বললে, বা আপনার অ্যাকাউন্ট মুছে দিলে, আমরা তা মুছে ফেলি।",
			Items: map[string]string{
				"fullName": bnName, "email": bnEmail, "mobile": bnPhone,
				"address": bnAddress, "country": bnCountry, "nearestCenter": bnCenter,
				"availability":    "আপনার সময় অনুযায়ী সেবার পরিকল্পনা করতে।",
				"areasOfInterest": "আপনার বেছে নেওয়া সেবা দিতে।", "otherInterest": "আপনার বেছে নেওয়া সেবা দিতে।",
				"experience": "আপনি যা জানেন সেই অনুযায়ী সেবা দিতে।", "motivation": "আপনি কেন সেবা করতে চান তা বুঝতে।",
				"skills": "আপনি যা পারেন সেই অনুযায়ী সেবা দিতে।", "consent": bnAgree,
			}},
		"disciple": {Title: "শিষ্য নিবন্ধন", Keep: "অনুমোদিত নিবন্ধন ততদিন রাখা হয়, যতদিন আপনি কর্মসূচিতে আছেন। বাতিল বা মেয়াদ পেরোনো অনুরোধ 12 মাস পরে মুছে ফেলা হয়।",
			Items: map[string]string{
				"fullName": bnName, "dateOfBirth": "আপনার বয়স জানতে, কারণ এই কর্মসূচি প্রবীণদের জন্য।",
				"address": bnAddress, "contactNumber": bnPhone, "discipleEmail": bnEmail,
				"templePresidentEmail": "আপনার মন্দির অধ্যক্ষের কাছে আপনার দীক্ষা নিশ্চিত করতে বলার জন্য।",
				"initiationDate":       "আপনি দীক্ষিত শিষ্য তা নিশ্চিত করতে।", "initiationName": "আপনি দীক্ষিত শিষ্য তা নিশ্চিত করতে।",
			}},
		"host": {Title: "আশ্রয়দাতার প্রস্তাব", Keep: "আপনি যতদিন আমাদের সঙ্গে আশ্রয়দাতা আছেন, ততদিন আমরা আপনার প্রস্তাব রাখি। আপনি বললে, বা আপনার অ্যাকাউন্ট মুছে দিলে, আমরা তা মুছে ফেলি।",
			Items: map[string]string{
				"fullName": bnName, "initiatedName": bnName, "contactNumber": bnPhone,
				"email": bnEmail, "address": "প্রবীণরা কোথায় থাকবেন তা জানতে।", "country": bnCountry,
				"nearestCenter": bnCenter, "accommodationTypes": "প্রবীণদের জন্য ঠিক জায়গা বেছে নিতে।",
				"accommodationOther":    "প্রবীণদের জন্য ঠিক জায়গা বেছে নিতে।",
				"availabilityDurations": "আপনার সময় অনুযায়ী থাকার পরিকল্পনা করতে।", "facilities": "প্রবীণদের জন্য ঠিক জায়গা বেছে নিতে।",
				"facilityOther": "প্রবীণদের জন্য ঠিক জায়গা বেছে নিতে।", "whyHost": "আপনার প্রস্তাব বুঝতে।",
				"consentTerms": bnAgree, "consentContact": bnAgree,
			}},
		"contact": {Title: "যোগাযোগ ফর্ম", Keep: "আপনার বার্তা উত্তর দেওয়া পর্যন্ত, এবং তার পরে আরও 12 মাস রাখা হয়। তারপর তা মুছে ফেলা হয়।",
			Items: map[string]string{
				"name": bnName, "email": bnAnswer, "subject": "আপনার বার্তা ঠিক মানুষের কাছে পাঠাতে।",
				"phone": bnPhone, "message": bnAnswer, "acceptTerms": bnAgree,
			}},
		"donation": {Title: "দানের খবর", Keep: "আইন অনুযায়ী দান ও রসিদের নথি দশ বছর রাখতে হয়। আপনার অ্যাকাউন্ট মুছে দিলেও এগুলি রাখা হয়, তবে অ্যাকাউন্ট থেকে আলাদা করে, এবং অন্য কোনো কাজে লাগানো হয় না।",
			Items: map[string]string{
				"donorName": "আপনার নামে রসিদ তৈরি করতে।", "email": "আপনাকে রসিদ পাঠাতে।", "phone": bnPhone,
				"address":  "করের বিবরণে ও আপনার রসিদে এটি লিখতে হয়।",
				"idType":   "করের বিবরণে লিখতে হয় আপনি কোন পরিচয়পত্র দিয়েছেন।",
				"idNumber": "আয়কর আইন অনুযায়ী করের বিবরণ ও আপনার রসিদের জন্য এটি দরকার। এটি সাংকেতিক রূপে রাখা হয় এবং আড়াল করে দেখানো হয়।",
				"paidOn":   "আপনার দান ব্যাংকের বিবরণের সঙ্গে মেলাতে।", "purpose": "আপনার দান আপনার ইচ্ছামতো কাজে লাগাতে।",
				"consent": bnAgree,
			}},
	},
}

// NoticeLanguageVersion returns the version of the notices' wording in
// lang, or "" for a language the notices are not written in.
func NoticeLanguageVersion(lang string) string { return noticeVersions[lang] }

// NoticeIn returns the notice of a form in lang, with lang's version; a
// language the notices are not written in gets the English notice. nil
// when the form has none.
func NoticeIn(form, lang string) *Notice {
	n := NoticeOf(form)
	if n == nil {
		return nil
	}
	words, ok := noticeTranslations[lang][form]
	if !ok {
		return n
	}
	common := noticeCommons[lang]
	out := *n
	out.Language, out.Version, out.Title, out.Keep = lang, noticeVersions[lang], words.Title, words.Keep
	out.Withdraw, out.Complain = common.Withdraw, common.Complain
	items := make([]item, len(n.items))
	for i, it := range n.items {
		items[i] = item{it.field, words.Items[it.field]}
	}
	out.Items = labelled(n.Entity, lang, items)
	return &out
}
