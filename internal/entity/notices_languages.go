package entity

// The privacy notices in Hindi and Bengali. Each language has its own
// version, changed whenever its wording changes, so a consent record says
// which words its sender read. The wording is for elderly readers: plain,
// polite, short sentences, with the terms of internal/i18n/GLOSSARY.md.

// noticeVersions are the version of each language's current wording.
var noticeVersions = map[string]string{"en": NoticeVersion, "hi": "2026-11-27.2", "bn": "2026-11-27.2"}

// noticeWords is one notice in one language: its title and how long the
// data is kept (its items' labels and purposes are the fields' own, from
// the definitions and the catalogue).
type noticeWords struct{ Title, Keep string }

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

// noticeTranslations are the notices in each language, by form.
var noticeTranslations = map[string]map[string]noticeWords{
	"hi": {
		"volunteer": {Title: "स्वयंसेवक फ़ॉर्म", Keep: "जब तक आप हमारे साथ सेवा करते हैं, हम आपका फ़ॉर्म रखते हैं। आपके कहने पर, या आपका खाता हटाने पर, हम उसे मिटा देते हैं।"},
		"disciple":  {Title: "शिष्य पंजीकरण", Keep: "स्वीकृत पंजीकरण तब तक रखा जाता है जब तक आप कार्यक्रम में हैं। अस्वीकृत या समय बीत चुका अनुरोध 12 महीने बाद मिटा दिया जाता है।"},
		"host":      {Title: "आतिथेय का प्रस्ताव", Keep: "जब तक आप हमारे साथ आतिथेय हैं, हम आपका प्रस्ताव रखते हैं। आपके कहने पर, या आपका खाता हटाने पर, हम उसे मिटा देते हैं।"},
		"contact":   {Title: "संपर्क फ़ॉर्म", Keep: "आपका संदेश उत्तर मिलने तक, और उसके बाद 12 महीने और, रखा जाता है। फिर उसे मिटा दिया जाता है।"},
		"donation":  {Title: "दान की सूचना", Keep: "क़ानून के अनुसार दान और रसीद का रिकॉर्ड दस साल रखना ज़रूरी है। आपका खाता हटाने पर भी ये रखे जाते हैं, पर खाते से अलग करके, और किसी और काम में नहीं लिए जाते।"},
	},
	"bn": {
		"volunteer": {Title: "স্বেচ্ছাসেবক ফর্ম", Keep: "আপনি যতদিন আমাদের সঙ্গে সেবা করেন, ততদিন আমরা আপনার ফর্ম রাখি। আপনি বললে, বা আপনার অ্যাকাউন্ট মুছে দিলে, আমরা তা মুছে ফেলি।"},
		"disciple":  {Title: "শিষ্য নিবন্ধন", Keep: "অনুমোদিত নিবন্ধন ততদিন রাখা হয়, যতদিন আপনি কর্মসূচিতে আছেন। বাতিল বা মেয়াদ পেরোনো অনুরোধ 12 মাস পরে মুছে ফেলা হয়।"},
		"host":      {Title: "আশ্রয়দাতার প্রস্তাব", Keep: "আপনি যতদিন আমাদের সঙ্গে আশ্রয়দাতা আছেন, ততদিন আমরা আপনার প্রস্তাব রাখি। আপনি বললে, বা আপনার অ্যাকাউন্ট মুছে দিলে, আমরা তা মুছে ফেলি।"},
		"contact":   {Title: "যোগাযোগ ফর্ম", Keep: "আপনার বার্তা উত্তর দেওয়া পর্যন্ত, এবং তার পরে আরও 12 মাস রাখা হয়। তারপর তা মুছে ফেলা হয়।"},
		"donation":  {Title: "দানের খবর", Keep: "আইন অনুযায়ী দান ও রসিদের নথি দশ বছর রাখতে হয়। আপনার অ্যাকাউন্ট মুছে দিলেও এগুলি রাখা হয়, তবে অ্যাকাউন্ট থেকে আলাদা করে, এবং অন্য কোনো কাজে লাগানো হয় না।"},
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
	out.Items = noticeItems(n.Entity, lang)
	return &out
}
