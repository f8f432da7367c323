// Calls of the donation pages: reporting a gift, the signed-in donor's own
// gifts and receipts, and the public check of a receipt's QR code.
import { ApiError, api } from '@/lib/api';
import type { Received } from '@/lib/confirmation';
import { fetchFile, receiptFileName, saveBlob } from '@/lib/download';
import { donationSchema } from '@/lib/schemas/donation.gen';

// The purposes come from the server's definition of a donation.
export const PURPOSES = donationSchema.purpose.options;

/** GiftReport is the body of POST /api/donations. */
export interface GiftReport {
  donorName: string;
  email: string;
  phone: string;
  address: string;
  residentOfIndia: boolean;
  idType: '' | 'PAN' | 'AADHAAR' | 'OTHER';
  idNumber: string;
  amount: string;
  paidOn: string;
  mode: string;
  reference: string;
  purpose: string;
  receiptType: string;
  consent: boolean;
}

/** ReceiptInfo is the receipt issued for a confirmed gift. */
export interface ReceiptInfo {
  _id: string;
  number: string;
  issuedOn: string;
  status: 'issued' | 'cancelled';
  cancelReason: string;
  duplicate: boolean;
}

/** Donation is a gift as the server answers it (the ID number masked). */
export interface Donation {
  _id: string;
  donorName: string;
  email: string;
  phone: string;
  address: string;
  residentOfIndia: boolean;
  idType: string;
  idNumber: string;
  amount: string;
  amountPaise: number;
  amountText: string;
  paidOn: string;
  mode: string;
  reference: string;
  purpose: string;
  receiptType: string;
  status: 'reported' | 'confirmed' | 'rejected';
  rejectReason: string;
  receivedOn: string;
  receipt: ReceiptInfo | null;
  createdAt: string;
  updatedAt: string;
  __v: number;
}

export function reportGift(body: GiftReport): Promise<Received & { donation: Donation }> {
  return api('/donations', { method: 'POST', body });
}

export async function getMyDonations(signal?: AbortSignal): Promise<Donation[]> {
  const res = await api<{ donations?: Donation[] }>('/users/me/donations', { signal });
  return Array.isArray(res?.donations) ? res.donations : [];
}

/** VerifyAnswer is what the public check of a receipt shows. */
export interface VerifyAnswer {
  number: string;
  issuedOn: string;
  amountText: string;
  donor: string;
  status: 'valid' | 'cancelled';
  duplicate: boolean;
}

/** verifyReceipt asks about a receipt by its code; null when none matches. */
export async function verifyReceipt(code: string, signal?: AbortSignal): Promise<VerifyAnswer | null> {
  try {
    return await api<VerifyAnswer>(`/receipts/verify/${encodeURIComponent(code)}`, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** downloadMyReceipt saves the donor's own receipt PDF (the call needs the
 * session's token, so a plain link cannot fetch it). */
export async function downloadMyReceipt(d: Donation): Promise<void> {
  const res = await fetchFile(`/users/me/donations/${encodeURIComponent(d._id)}/receipt.pdf`);
  saveBlob(await res.blob(), receiptFileName(d.receipt?.number ?? d._id));
}
