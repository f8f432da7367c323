package store

import (
	"strings"

	"spdc/internal/entity"
)

// policyWords is the Privacy page's own prose in one language; the list
// of each form's data comes from the form's notice in that language.
type policyWords struct {
	intro, collect, account, grievance, technical, sharing, security, rights string
	rightsList                                                               []string
	changes                                                                  string
}

var policyLanguages = map[string]policyWords{
	"en": {
		intro:     "SPDC collects only what it needs to care for elderly disciples and to work with the volunteers, hosts and donors who help them. This policy explains what we collect, why, how long we keep it, and what you can ask us to do with it.",
		collect:   "Information we collect",
		account:   "Account details you give us: your full name (to address you), e-mail address and mobile number (to sign you in and reach you), address (for help near you), and your password, stored only in a scrambled form we cannot read.",
		grievance: "### Requests to our grievance officer\n\n- Your name, e-mail address or phone number and your message: to answer you.",
		technical: "Technical records, such as the time of a request, are kept to protect the site against misuse. The log of what admins changed is kept at least one year.",
		sharing:   "## Sharing\n\nWe share information only with ISKCON centres or authorised personnel who take part in a person’s care, and only as much as they need. We never sell your information and never use or share it for marketing.",
		security:  "## Security\n\nInformation is kept on secured servers, sent over encrypted connections and available only to authorised coordinators. PAN and Aadhaar numbers are stored encrypted and shown masked. Passwords are never stored in readable form.",
		rights:    "Your rights",
		rightsList: []string{
			"See your data: in My Account, under My data, download everything we hold about you.",
			"Correct it: yourself in My Account, or by writing to us.",
			"Withdraw your consent: in My Account, next to each form; the form is then erased.",
			"Erase it: delete your account in My Account; your data is erased at once, except donation records, which the law requires us to keep for ten years.",
			"Name someone to act for you if you die or cannot act yourself: in My Account.",
			"Complain: write to our grievance officer below; we answer within 90 days. You may also complain to the Data Protection Board of India.",
		},
		changes: "## Changes to this policy\n\nIf we change this policy we will publish the new version on this page with its date. Important changes will also be announced on the home page.",
	},
	"hi": {
		intro:     "SPDC केवल वही जानकारी लेता है जो वरिष्ठ शिष्यों की देखभाल के लिए, और उनकी मदद करने वाले स्वयंसेवकों, आतिथेयों और दानदाताओं के साथ काम करने के लिए ज़रूरी है। यह नीति बताती है कि हम क्या लेते हैं, क्यों लेते हैं, कितने समय तक रखते हैं, और आप हमसे उसके बारे में क्या करने को कह सकते हैं।",
		collect:   "हम कौन-सी जानकारी लेते हैं",
		account:   "खाते के लिए आपकी दी हुई जानकारी: आपका पूरा नाम (आपको पुकारने के लिए), ईमेल और मोबाइल नंबर (साइन इन और संपर्क के लिए), पता (आपके पास मदद के लिए), और आपका पासवर्ड, जिसे ऐसे बदले हुए रूप में रखा जाता है कि हम भी उसे पढ़ नहीं सकते।",
		grievance: "### हमारे शिकायत अधिकारी को लिखे अनुरोध\n\n- आपका नाम, ईमेल या फ़ोन नंबर और आपका संदेश: आपको उत्तर देने के लिए।",
		technical: "वेबसाइट को ग़लत इस्तेमाल से बचाने के लिए कुछ तकनीकी रिकॉर्ड रखे जाते हैं, जैसे अनुरोध का समय। व्यवस्थापकों ने क्या बदला, इसका रिकॉर्ड कम से कम एक साल रखा जाता है।",
		sharing:   "## जानकारी किसे दी जाती है\n\nहम जानकारी केवल इस्कॉन केंद्रों या उन अधिकृत लोगों को देते हैं जो किसी व्यक्ति की देखभाल में हिस्सा लेते हैं, और उतनी ही जितनी उन्हें चाहिए। हम आपकी जानकारी कभी नहीं बेचते, और प्रचार-विज्ञापन के लिए न उसका उपयोग करते हैं, न किसी को देते हैं।",
		security:  "## सुरक्षा\n\nजानकारी सुरक्षित सर्वरों पर रखी जाती है, कूट रूप वाले कनेक्शन से भेजी जाती है, और केवल अधिकृत समन्वयक उसे देख सकते हैं। PAN और आधार नंबर कूट रूप में रखे जाते हैं और छिपाकर दिखाए जाते हैं। पासवर्ड कभी पढ़ने लायक रूप में नहीं रखे जाते।",
		rights:    "आपके अधिकार",
		rightsList: []string{
			"अपनी जानकारी देखें: मेरा खाता में, मेरी जानकारी के नीचे, हमारे पास आपकी पूरी जानकारी डाउनलोड करें।",
			"उसे ठीक करें: ख़ुद मेरा खाता में, या हमें लिखकर।",
			"अपनी सहमति वापस लें: मेरा खाता में, हर फ़ॉर्म के आगे; तब वह फ़ॉर्म मिटा दिया जाता है।",
			"उसे मिटवाएँ: मेरा खाता में अपना खाता हटाएँ। आपकी जानकारी तुरंत मिट जाती है, केवल दान के रिकॉर्ड नहीं, जिन्हें क़ानून के अनुसार दस साल रखना ज़रूरी है।",
			"किसी को नामित करें, जो आपकी मृत्यु के बाद या आपके असमर्थ होने पर आपकी ओर से काम करे: मेरा खाता में।",
			"शिकायत करें: नीचे दिए हमारे शिकायत अधिकारी को लिखें; हम 90 दिन के भीतर उत्तर देते हैं। आप भारत का डेटा संरक्षण बोर्ड (Data Protection Board of India) से भी शिकायत कर सकते हैं।",
		},
		changes: "## इस नीति में बदलाव\n\nअगर हम यह नीति बदलेंगे, तो नया रूप उसकी तिथि के साथ इसी पेज पर रखेंगे। बड़े बदलावों की सूचना मुख्य पेज पर भी दी जाएगी।",
	},
	"bn": {
		intro:     "প্রবীণ শিষ্যদের যত্ন নিতে, এবং তাঁদের সাহায্যকারী স্বেচ্ছাসেবক, আশ্রয়দাতা ও দাতাদের সঙ্গে কাজ করতে যতটুকু তথ্য দরকার, SPDC শুধু ততটুকুই নেয়। এই নীতিতে বলা আছে আমরা কী নিই, কেন নিই, কতদিন রাখি, এবং এ নিয়ে আপনি আমাদের কী করতে বলতে পারেন।",
		collect:   "আমরা কোন তথ্য নিই",
		account:   "অ্যাকাউন্টের জন্য আপনার দেওয়া তথ্য: আপনার পুরো নাম (আপনাকে সম্বোধন করতে), ইমেল ও মোবাইল নম্বর (সাইন ইন ও যোগাযোগের জন্য), ঠিকানা (কাছাকাছি সাহায্যের জন্য), এবং আপনার পাসওয়ার্ড, যা এমন বদলানো রূপে রাখা হয় যে আমরাও তা পড়তে পারি না।",
		grievance: "### আমাদের অভিযোগ আধিকারিকের কাছে অনুরোধ\n\n- আপনার নাম, ইমেল বা ফোন নম্বর এবং আপনার বার্তা: আপনাকে উত্তর দিতে।",
		technical: "ওয়েবসাইটকে অপব্যবহার থেকে বাঁচাতে কিছু প্রযুক্তিগত নথি রাখা হয়, যেমন অনুরোধের সময়। অ্যাডমিনরা কী বদলেছেন, তার নথি অন্তত এক বছর রাখা হয়।",
		sharing:   "## তথ্য কাকে দেওয়া হয়\n\nআমরা তথ্য দিই শুধু ইসকন কেন্দ্রগুলিকে বা সেই অনুমোদিত মানুষদের, যাঁরা কারও যত্নে অংশ নেন, এবং ততটুকুই যতটুকু তাঁদের দরকার। আমরা কখনো আপনার তথ্য বিক্রি করি না, এবং বিজ্ঞাপন বা প্রচারের জন্য তা ব্যবহার করি না, কাউকে দিইও না।",
		security:  "## সুরক্ষা\n\nতথ্য সুরক্ষিত সার্ভারে রাখা হয়, সাংকেতিক সংযোগে পাঠানো হয়, এবং শুধু অনুমোদিত সমন্বয়কারীরা তা দেখতে পারেন। PAN ও আধার নম্বর সাংকেতিক রূপে রাখা হয় এবং আড়াল করে দেখানো হয়। পাসওয়ার্ড কখনো পড়া যায় এমন রূপে রাখা হয় না।",
		rights:    "আপনার অধিকার",
		rightsList: []string{
			"আপনার তথ্য দেখুন: আমার অ্যাকাউন্ট-এ, আমার তথ্য অংশে, আমাদের কাছে থাকা আপনার সব তথ্য ডাউনলোড করুন।",
			"তা ঠিক করুন: নিজেই আমার অ্যাকাউন্ট-এ, অথবা আমাদের লিখে।",
			"আপনার সম্মতি ফিরিয়ে নিন: আমার অ্যাকাউন্ট-এ, প্রতিটি ফর্মের পাশে; তখন ফর্মটি মুছে ফেলা হয়।",
			"তা মুছে ফেলুন: আমার অ্যাকাউন্ট-এ আপনার অ্যাকাউন্ট মুছে দিন। আপনার তথ্য সঙ্গে সঙ্গে মুছে যায়, শুধু দানের নথি ছাড়া, যা আইন অনুযায়ী দশ বছর রাখতে হয়।",
			"এমন কাউকে মনোনীত করুন, যিনি আপনার মৃত্যুর পরে বা আপনি অক্ষম হলে আপনার হয়ে কাজ করবেন: আমার অ্যাকাউন্ট-এ।",
			"অভিযোগ জানান: নিচে দেওয়া আমাদের অভিযোগ আধিকারিককে লিখুন; আমরা 90 দিনের মধ্যে উত্তর দিই। আপনি ভারতের ডেটা সুরক্ষা বোর্ড (Data Protection Board of India)-এর কাছেও অভিযোগ জানাতে পারেন।",
		},
		changes: "## এই নীতির পরিবর্তন\n\nআমরা এই নীতি বদলালে নতুন রূপটি তারিখসহ এই পাতায় দেব। বড় পরিবর্তনের কথা মূল পাতাতেও জানানো হবে।",
	},
}

// privacyPolicyBody is the Privacy page as first seeded, in lang (en, hi
// or bn). Its list of the data each form asks for, and why, is written
// from the forms' notices in that language (which a test keeps equal to
// the forms' fields), so the page says what the site really collects;
// admins may reword the page later.
func privacyPolicyBody(lang string) string {
	w := policyLanguages[lang]
	var b strings.Builder
	b.WriteString(w.intro + "\n\n")
	b.WriteString("## " + w.collect + "\n\n")
	b.WriteString("- " + w.account + "\n")
	for _, en := range entity.Notices {
		n := entity.NoticeIn(en.Form, lang)
		b.WriteString("\n### " + n.Title + "\n\n")
		for _, it := range n.Items {
			b.WriteString("- " + it.Label + ": " + it.Purpose + "\n")
		}
		b.WriteString("\n" + n.Keep + "\n")
	}
	b.WriteString("\n" + w.grievance + "\n\n")
	b.WriteString(w.technical + "\n\n")
	b.WriteString(w.sharing + "\n\n")
	b.WriteString(w.security + "\n\n")
	b.WriteString("## " + w.rights + "\n\n")
	for _, r := range w.rightsList {
		b.WriteString("- " + r + "\n")
	}
	b.WriteString("\n" + w.changes)
	return b.String()
}
