// The care register's calls: one elder's whole record and what is added
// to it (assessments, plan actions, contacts, payments), the volunteers
// suggested for a service, the funds and the reports. Every call goes through the one API client, so a refused field
// comes back as ApiError.errors by the field's name and a stale version as
// a 409.
import { api } from '@/lib/api';
import { actionSchema } from '@/lib/schemas/care/action.gen';
import type { assessmentSchema } from '@/lib/schemas/care/assessment.gen';
import { contactSchema } from '@/lib/schemas/care/contact.gen';
import { needSchema } from '@/lib/schemas/care/need.gen';
import { partnerSchema } from '@/lib/schemas/care/partner.gen';
import { paymentSchema } from '@/lib/schemas/care/payment.gen';
import { recordSchema } from '@/lib/schemas/care/record.gen';

/** SERVICES are the program's eight services, in the order the forms show them. */
export const SERVICES = actionSchema.service.options;
export type Service = (typeof SERVICES)[number];

// The choices of the register's forms, as the server's definitions
// generate them.
export const PRIORITIES = needSchema.priority.options;
export const RECORD_STATUSES = recordSchema.status.options;
export const ACTION_STATUSES = actionSchema.status.options;
export const CONTACT_KINDS = contactSchema.kind.options;
export const PARTNER_KINDS = partnerSchema.kind.options;
export const PAYMENT_KINDS = paymentSchema.kind.options;
export const PAYMENT_MODES = paymentSchema.mode.options;
/** PURPOSES are the donation purposes; each one is a fund. */
export const PURPOSES = paymentSchema.purpose.options;

/** ASSESSMENT_AREAS are the parts of a needs assessment, each a text:
 * health, mobility, living situation, income and savings, family and
 * support, spiritual life, urgent risks. */
export const ASSESSMENT_AREAS = ['health', 'mobility', 'living', 'income', 'family', 'spiritual', 'risks'] as const satisfies readonly (keyof typeof assessmentSchema)[];
export type AssessmentArea = (typeof ASSESSMENT_AREAS)[number];

export interface NeedChoice {
  service: string;
  priority: string;
}

export interface Assessment extends Record<AssessmentArea, string> {
  _id: string;
  assessedOn: string;
  assessedBy?: string;
  assessedByName?: string;
  needs: NeedChoice[];
  createdAt?: string;
}

export interface NeedState extends NeedChoice {
  status: 'open' | 'met';
}

export interface CareAction {
  _id: string;
  service: string;
  action: string;
  responsibleId: string;
  responsibleName?: string;
  targetDate: string;
  status: string;
  volunteerId?: string;
  volunteerName?: string;
  hostId?: string;
  hostName?: string;
  stayFrom?: string;
  stayTo?: string;
  stayPlace?: string;
  partnerId?: string;
  partnerName?: string;
  __v: number;
}

export interface CareContact {
  _id: string;
  contactOn: string;
  kind: string;
  byId?: string;
  byName?: string;
  summary: string;
  nextDue?: string;
}

export interface CarePayment {
  _id: string;
  kind: string;
  amountPaise: number;
  purpose: string;
  service: string;
  paidOn: string;
  mode: string;
  reference: string;
  payee: string;
  description: string;
  status: 'awaiting_approval' | 'approved' | 'cancelled';
  createdBy?: string;
  createdByName?: string;
  approvedByName?: string;
  overdrawReason?: string;
  cancelReason?: string;
  __v: number;
}

export interface CareRecord {
  _id: string;
  discipleId?: string;
  userId?: string;
  fullName: string;
  initiatedName?: string;
  phone?: string;
  email?: string;
  address?: string;
  language?: string;
  ownerId?: string;
  ownerName?: string;
  status: string;
  nextContactDue?: string;
  reassessmentDue?: string;
  lastContactOn?: string;
  __v: number;
  createdAt?: string;
  updatedAt?: string;
  assessments: Assessment[];
  needs: NeedState[];
  actions: CareAction[];
  contacts: CareContact[];
  payments: CarePayment[];
}

const rec = (id: string) => `/admin/care/${encodeURIComponent(id)}`;

/** fetchRecord reads one elder's whole record. */
export function fetchRecord(id: string, signal?: AbortSignal): Promise<CareRecord> {
  return api<CareRecord>(rec(id), { signal });
}

export interface RecordChange {
  ownerId: string;
  status: string;
  nextContactDue: string;
  __v: number;
}

/** updateRecord changes the owner, status and next contact of a record. */
export function updateRecord(id: string, change: RecordChange): Promise<CareRecord> {
  return api<CareRecord>(rec(id), { method: 'PUT', body: change });
}

export type AssessmentInput = Omit<Assessment, '_id' | 'assessedBy' | 'assessedByName' | 'createdAt'>;

/** addAssessment records a dated needs assessment. */
export function addAssessment(id: string, a: AssessmentInput): Promise<Assessment> {
  return api<Assessment>(`${rec(id)}/assessments`, { method: 'POST', body: a });
}

export interface ActionInput {
  service: string;
  action: string;
  responsibleId: string;
  targetDate: string;
  status: string;
  volunteerId?: string;
  hostId?: string;
  stayFrom?: string;
  stayTo?: string;
  stayPlace?: string;
  partnerId?: string;
}

/** actionBody leaves out the optional parts left empty, so the server
 * reads them as not given. */
function actionBody(a: ActionInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(a)) if (typeof v === 'string' && (v !== '' || ['service', 'action', 'responsibleId', 'targetDate', 'status'].includes(k))) out[k] = v;
  return out;
}

/** addAction adds a step to the care plan. */
export function addAction(id: string, a: ActionInput): Promise<CareAction> {
  return api<CareAction>(`${rec(id)}/actions`, { method: 'POST', body: actionBody(a) });
}

/** updateAction changes a step of the plan; a stale __v is a 409. */
export function updateAction(id: string, actionId: string, a: ActionInput, v: number): Promise<CareAction> {
  return api<CareAction>(`${rec(id)}/actions/${encodeURIComponent(actionId)}`, { method: 'PUT', body: { ...actionBody(a), __v: v } });
}

export interface VolunteerMatch {
  _id: string;
  fullName: string;
  nearestCentre?: string;
  skills?: string[] | string;
  languages?: string[] | string;
  availability?: string[] | string;
  score: number;
  reasons: string[];
}

/** fetchMatches lists the volunteers suggested for a service, best first. */
export async function fetchMatches(id: string, service: string, signal?: AbortSignal): Promise<VolunteerMatch[]> {
  const res = await api<{ volunteers: VolunteerMatch[] }>(`${rec(id)}/matches?service=${encodeURIComponent(service)}`, { signal });
  return res?.volunteers ?? [];
}

export interface ContactInput {
  contactOn: string;
  kind: string;
  summary: string;
  nextDue: string;
}

/** addContact logs a call or visit and the next one's due date. */
export function addContact(id: string, c: ContactInput): Promise<CareContact> {
  return api<CareContact>(`${rec(id)}/contacts`, { method: 'POST', body: c });
}

export interface ContactPage {
  contacts: CareContact[];
  /** nextCursor is where the next (older) page starts; "" after the last. */
  nextCursor: string;
}

/** fetchContacts reads a page of the contact log, newest first: the first
 * without a cursor, the next ones from the cursor the page before gave. */
export function fetchContacts(id: string, cursor = ''): Promise<ContactPage> {
  return api<ContactPage>(`${rec(id)}/contacts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
}

/** PaymentInput is a payment as recorded: an admin's reason when it would overdraw its fund. */
export type PaymentInput = Pick<CarePayment, 'kind' | 'amountPaise' | 'purpose' | 'service' | 'paidOn' | 'mode' | 'reference' | 'payee' | 'description'> & { overdrawReason?: string };

/** addPayment records help given to or for the elder. */
export function addPayment(id: string, p: PaymentInput): Promise<CarePayment> {
  const body: Record<string, unknown> = { ...p };
  if (!p.overdrawReason) delete body.overdrawReason;
  return api<CarePayment>(`${rec(id)}/payments`, { method: 'POST', body });
}

/** approvePayment is the second person's approval of a payment. */
export function approvePayment(paymentId: string): Promise<CarePayment> {
  return api<CarePayment>(`/admin/payments/${encodeURIComponent(paymentId)}/approve`, { method: 'POST' });
}

/** cancelPayment cancels a payment, with the reason kept for the accounts. */
export function cancelPayment(paymentId: string, reason: string): Promise<CarePayment> {
  return api<CarePayment>(`/admin/payments/${encodeURIComponent(paymentId)}/cancel`, { method: 'POST', body: { reason } });
}

export interface Fund {
  purpose: string;
  receivedPaise: number;
  paidPaise: number;
  awaitingPaise: number;
  balancePaise: number;
}

/** fetchFunds reads each purpose's fund: gifts received, help paid, balance. */
export async function fetchFunds(signal?: AbortSignal): Promise<Fund[]> {
  const res = await api<{ funds: Fund[] }>('/admin/funds', { signal });
  return res?.funds ?? [];
}

export interface StaffMember {
  _id: string;
  fullName: string;
  email?: string;
  roles?: string[];
}

/** fetchStaff lists the staff, who can own a record or be responsible for an action. */
export function fetchStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  return api<StaffMember[]>('/admin/staff', { signal });
}

export interface Partner {
  _id: string;
  kind: string;
  name: string;
  city?: string;
  phone?: string;
  email?: string;
  notes?: string;
}

/** fetchPartners reads the partners directory (the list engine's tab, whole). */
export function fetchPartners(signal?: AbortSignal): Promise<Partner[]> {
  return api<Partner[]>('/admin/partners', { signal });
}

export type PartnerInput = Omit<Partner, '_id'>;

/** addPartner adds a hospital, doctor, guest house or temple to the directory. */
export function addPartner(p: PartnerInput): Promise<Partner> {
  return api<Partner>('/admin/partners', { method: 'POST', body: p });
}

export interface HostOffer {
  _id: string;
  fullName?: string;
  nearestCenter?: string;
  /** How many elders the offer takes at once. */
  capacity?: number;
}

/** setHostCapacity sets how many elders a host offer takes at once (the
 * digits as typed: the server checks them by the offer's definition). */
export function setHostCapacity(id: string, capacity: string): Promise<{ capacity: number }> {
  return api<{ capacity: number }>(`/admin/hosts/${encodeURIComponent(id)}/capacity`, { method: 'PUT', body: { capacity: capacity.trim() } });
}

/** fetchHosts reads the host offers a stay can be planned with. */
export function fetchHosts(signal?: AbortSignal): Promise<HostOffer[]> {
  return api<HostOffer[]>('/admin/hosts?pageSize=200', { signal });
}

export interface Report {
  fy: string;
  from: string;
  to: string;
  elders: { served: number; new: number };
  needs: { service: string; open: number; met: number }[];
  contactsOverdue: number;
  /** The day the contacts overdue were counted on (today), or "" in a
   * past year's report, which does not count them. */
  overdueAsOf?: string;
  helpByMonth: { month: string; purpose: string; paidPaise: number; inKindPaise?: number; count: number }[];
  purposes: { purpose: string; receivedPaise: number; paidPaise: number }[];
  published: boolean;
}

/** fetchReport reads a financial year's counts and sums. */
export function fetchReport(fy: string, signal?: AbortSignal): Promise<Report> {
  return api<Report>(`/admin/reports?fy=${encodeURIComponent(fy)}`, { signal });
}

/** publishReport freezes a year's figures for the public accounts page. */
export function publishReport(fy: string): Promise<unknown> {
  return api<unknown>(`/admin/reports/${encodeURIComponent(fy)}/publish`, { method: 'POST' });
}
