// Generated from internal/entity (go test ./internal/entity -run TestTypeScriptModule -update); do not edit.
// The public forms' fields: labels, limits, formats and option lists.

export const usersFields = {
  "address": {
    "label": "Address",
    "required": false,
    "maxLength": 1000
  },
  "email": {
    "label": "Email",
    "required": true,
    "maxLength": 254,
    "format": "email"
  },
  "fullName": {
    "label": "Full name",
    "required": true,
    "maxLength": 200,
    "format": "name"
  },
  "mobile": {
    "label": "Mobile",
    "required": true,
    "maxLength": 32,
    "format": "phone"
  }
} as const;

export const disciplesFields = {
  "address": {
    "label": "Address",
    "required": false,
    "maxLength": 500
  },
  "contactNumber": {
    "label": "Contact number",
    "required": false,
    "maxLength": 32,
    "format": "phone"
  },
  "dateOfBirth": {
    "label": "Date of birth",
    "required": false,
    "maxLength": 10,
    "format": "date"
  },
  "discipleEmail": {
    "label": "Disciple email",
    "required": false,
    "maxLength": 254,
    "format": "email"
  },
  "fullName": {
    "label": "Full name",
    "required": true,
    "maxLength": 120,
    "format": "name"
  },
  "initiationDate": {
    "label": "Initiation date",
    "required": false,
    "maxLength": 10,
    "format": "date"
  },
  "initiationName": {
    "label": "Initiation name",
    "required": false,
    "maxLength": 120,
    "format": "name"
  },
  "templePresidentEmail": {
    "label": "Temple president email",
    "required": true,
    "maxLength": 254,
    "format": "email"
  }
} as const;

export const volunteersFields = {
  "address": {
    "label": "Address",
    "required": false,
    "maxLength": 500
  },
  "areasOfInterest": {
    "label": "Areas of interest",
    "required": false,
    "maxLength": 20,
    "options": [
      "Financial Assistance",
      "Medical/health practitioner",
      "Emotional and Spiritual Support",
      "Comprehensive Health Assessments",
      "Community Building Activities",
      "Relocation Assistance",
      "Other"
    ]
  },
  "availability": {
    "label": "Availability",
    "required": false,
    "maxLength": 200,
    "format": "option",
    "options": [
      "5-10 hours/week",
      "10-20 hours/week",
      "20+ hours/week"
    ]
  },
  "consent": {
    "label": "Consent",
    "required": true
  },
  "country": {
    "label": "Country",
    "required": false,
    "maxLength": 200
  },
  "email": {
    "label": "Email",
    "required": true,
    "maxLength": 254,
    "format": "email"
  },
  "experience": {
    "label": "Experience",
    "required": true,
    "maxLength": 4000
  },
  "fullName": {
    "label": "Full name",
    "required": true,
    "maxLength": 120,
    "format": "name"
  },
  "mobile": {
    "label": "Mobile",
    "required": false,
    "maxLength": 32,
    "format": "phone"
  },
  "motivation": {
    "label": "Motivation",
    "required": true,
    "maxLength": 4000
  },
  "nearestCenter": {
    "label": "Nearest center",
    "required": false,
    "maxLength": 200
  },
  "otherInterest": {
    "label": "Other interest",
    "required": true,
    "maxLength": 200
  },
  "skills": {
    "label": "Skills",
    "required": true,
    "maxLength": 4000
  }
} as const;

export const hostsFields = {
  "accommodationOther": {
    "label": "Other accommodation",
    "required": true,
    "maxLength": 200
  },
  "accommodationTypes": {
    "label": "Accommodation types",
    "required": false,
    "maxLength": 20,
    "options": [
      "Private Room",
      "Shared Room",
      "Guest House Facility",
      "Others (please Specify)"
    ]
  },
  "address": {
    "label": "Address",
    "required": false,
    "maxLength": 500
  },
  "availabilityDurations": {
    "label": "Availability durations",
    "required": false,
    "maxLength": 20,
    "options": [
      "Short Term (up to 1 week)",
      "Medium Term (1–3 weeks)",
      "Long Term (More than 1 month)"
    ]
  },
  "consentContact": {
    "label": "Agreed to contact",
    "required": true
  },
  "consentTerms": {
    "label": "Accepted terms",
    "required": true
  },
  "contactNumber": {
    "label": "Contact number",
    "required": false,
    "maxLength": 32,
    "format": "phone"
  },
  "country": {
    "label": "Country",
    "required": false,
    "maxLength": 200
  },
  "email": {
    "label": "Email",
    "required": false,
    "maxLength": 254,
    "format": "email"
  },
  "facilities": {
    "label": "Facilities",
    "required": false,
    "maxLength": 20,
    "options": [
      "Lift/Wheelchair Access",
      "Doctor Nearby",
      "Nearby ISKCON Temple",
      "Daily Prasadam Service",
      "Wifi/Communication",
      "Other"
    ]
  },
  "facilityOther": {
    "label": "Other facility",
    "required": true,
    "maxLength": 200
  },
  "fullName": {
    "label": "Full name",
    "required": true,
    "maxLength": 120,
    "format": "name"
  },
  "initiatedName": {
    "label": "Initiated name",
    "required": false,
    "maxLength": 120,
    "format": "name"
  },
  "nearestCenter": {
    "label": "Nearest center",
    "required": false,
    "maxLength": 200
  },
  "whyHost": {
    "label": "Why host",
    "required": true,
    "maxLength": 4000
  }
} as const;

export const messagesFields = {
  "acceptTerms": {
    "label": "Accepted terms",
    "required": true
  },
  "email": {
    "label": "Email",
    "required": true,
    "maxLength": 254,
    "format": "email"
  },
  "message": {
    "label": "Message",
    "required": true,
    "maxLength": 4000
  },
  "name": {
    "label": "Name",
    "required": true,
    "maxLength": 120,
    "format": "name"
  },
  "phone": {
    "label": "Phone",
    "required": true,
    "maxLength": 32,
    "format": "phone"
  },
  "subject": {
    "label": "Subject",
    "required": true,
    "maxLength": 200
  }
} as const;

export const subscribersFields = {
  "email": {
    "label": "Email",
    "required": true,
    "maxLength": 254,
    "format": "email"
  }
} as const;

export const donationsFields = {
  "address": {
    "label": "Address",
    "required": true,
    "maxLength": 500
  },
  "consent": {
    "label": "Consent",
    "required": true
  },
  "donorName": {
    "label": "Donor name",
    "required": true,
    "maxLength": 120,
    "format": "name"
  },
  "email": {
    "label": "Email",
    "required": true,
    "maxLength": 254,
    "format": "email"
  },
  "idNumber": {
    "label": "ID number",
    "required": false,
    "maxLength": 75
  },
  "idType": {
    "label": "ID type",
    "required": false,
    "maxLength": 10,
    "format": "option",
    "options": [
      "PAN",
      "AADHAAR",
      "OTHER"
    ]
  },
  "paidOn": {
    "label": "Paid on",
    "required": true,
    "maxLength": 10,
    "format": "date"
  },
  "phone": {
    "label": "Phone",
    "required": false,
    "maxLength": 32,
    "format": "phone"
  },
  "purpose": {
    "label": "Purpose",
    "required": true,
    "maxLength": 20,
    "format": "option",
    "options": [
      "General",
      "Health",
      "Travel",
      "SPDC"
    ]
  }
} as const;

export const referrersFields = {
  "email": {
    "label": "Email",
    "required": true,
    "maxLength": 254,
    "format": "email"
  },
  "name": {
    "label": "Name",
    "required": true,
    "maxLength": 120,
    "format": "name"
  },
  "phone": {
    "label": "Phone",
    "required": false,
    "maxLength": 32,
    "format": "phone"
  },
  "position": {
    "label": "Position",
    "required": false,
    "maxLength": 200
  },
  "temple": {
    "label": "Temple",
    "required": false,
    "maxLength": 200
  }
} as const;

export const grievancesFields = {
  "answer": {
    "label": "Answer",
    "required": false,
    "maxLength": 4000
  },
  "email": {
    "label": "Email",
    "required": false,
    "maxLength": 254,
    "format": "email"
  },
  "message": {
    "label": "Message",
    "required": true,
    "maxLength": 4000
  },
  "name": {
    "label": "Name",
    "required": true,
    "maxLength": 120,
    "format": "name"
  },
  "phone": {
    "label": "Phone",
    "required": false,
    "maxLength": 32,
    "format": "phone"
  }
} as const;

export const careFields = {
  "nextContactDue": {
    "label": "Next contact due",
    "required": false,
    "maxLength": 10,
    "format": "date"
  },
  "ownerId": {
    "label": "Owner ID",
    "required": false,
    "maxLength": 40
  }
} as const;

export const partnersFields = {
  "city": {
    "label": "City",
    "required": false,
    "maxLength": 120
  },
  "email": {
    "label": "Email",
    "required": false,
    "maxLength": 254,
    "format": "email"
  },
  "kind": {
    "label": "Kind",
    "required": true,
    "maxLength": 20,
    "format": "option",
    "options": [
      "hospital",
      "doctor",
      "guest_house",
      "temple",
      "other"
    ]
  },
  "name": {
    "label": "Name",
    "required": true,
    "maxLength": 120,
    "format": "name"
  },
  "notes": {
    "label": "Notes",
    "required": false,
    "maxLength": 2000
  },
  "phone": {
    "label": "Phone",
    "required": false,
    "maxLength": 32,
    "format": "phone"
  }
} as const;

export const careassessmentsFields = {
  "assessedOn": {
    "label": "Assessed on",
    "required": true,
    "maxLength": 10,
    "format": "date"
  },
  "family": {
    "label": "Family and support",
    "required": false,
    "maxLength": 2000
  },
  "health": {
    "label": "Health",
    "required": false,
    "maxLength": 2000
  },
  "income": {
    "label": "Income and savings",
    "required": false,
    "maxLength": 2000
  },
  "living": {
    "label": "Living situation",
    "required": false,
    "maxLength": 2000
  },
  "mobility": {
    "label": "Mobility",
    "required": false,
    "maxLength": 2000
  },
  "risks": {
    "label": "Urgent risks",
    "required": false,
    "maxLength": 2000
  },
  "spiritual": {
    "label": "Spiritual life",
    "required": false,
    "maxLength": 2000
  }
} as const;

export const careneedsFields = {
  "priority": {
    "label": "Priority",
    "required": true,
    "maxLength": 10,
    "format": "option",
    "options": [
      "urgent",
      "high",
      "normal",
      "low"
    ]
  },
  "service": {
    "label": "Service",
    "required": true,
    "maxLength": 20,
    "format": "option",
    "options": [
      "financial",
      "healthcare",
      "spiritual",
      "health_assessment",
      "community",
      "relocation",
      "advocacy",
      "volunteering"
    ]
  }
} as const;

export const careactionsFields = {
  "action": {
    "label": "Action",
    "required": true,
    "maxLength": 1000
  },
  "hostId": {
    "label": "Host",
    "required": false,
    "maxLength": 40
  },
  "partnerId": {
    "label": "Partner",
    "required": false,
    "maxLength": 40
  },
  "responsibleId": {
    "label": "Responsible",
    "required": true,
    "maxLength": 40
  },
  "service": {
    "label": "Service",
    "required": true,
    "maxLength": 20,
    "format": "option",
    "options": [
      "financial",
      "healthcare",
      "spiritual",
      "health_assessment",
      "community",
      "relocation",
      "advocacy",
      "volunteering"
    ]
  },
  "status": {
    "label": "Status",
    "required": true,
    "maxLength": 20,
    "format": "option",
    "options": [
      "planned",
      "in_progress",
      "done",
      "cancelled"
    ]
  },
  "stayFrom": {
    "label": "Stay from",
    "required": false,
    "maxLength": 10,
    "format": "date"
  },
  "stayPlace": {
    "label": "Place of stay",
    "required": false,
    "maxLength": 200
  },
  "stayTo": {
    "label": "Stay to",
    "required": false,
    "maxLength": 10,
    "format": "date"
  },
  "targetDate": {
    "label": "Target date",
    "required": true,
    "maxLength": 10,
    "format": "date"
  },
  "volunteerId": {
    "label": "Volunteer",
    "required": false,
    "maxLength": 40
  }
} as const;

export const carecontactsFields = {
  "contactOn": {
    "label": "Contact on",
    "required": true,
    "maxLength": 10,
    "format": "date"
  },
  "kind": {
    "label": "Kind",
    "required": true,
    "maxLength": 10,
    "format": "option",
    "options": [
      "call",
      "visit",
      "other"
    ]
  },
  "nextDue": {
    "label": "Next contact due",
    "required": false,
    "maxLength": 10,
    "format": "date"
  },
  "summary": {
    "label": "Summary",
    "required": true,
    "maxLength": 2000
  }
} as const;
