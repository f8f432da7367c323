// The care register's reads through TanStack Query, each under one key:
// a part that saves marks stale exactly what it changed (the record, the
// funds, the partners), and every part showing it reads it again. The
// partners and host offers are read once for the plan form and the
// partners page alike.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchFunds, fetchHosts, fetchMatches, fetchPartners, fetchRecord, fetchReport, fetchStaff, type CareRecord, type HostOffer, type Partner } from './care-api';

export const careKeys = {
  record: (id: string) => ['care', 'record', id] as const,
  staff: ['care', 'staff'] as const,
  partners: ['care', 'partners'] as const,
  hosts: ['care', 'hosts'] as const,
  funds: ['care', 'funds'] as const,
  matches: (recordId: string, service: string) => ['care', 'matches', recordId, service] as const,
  report: (fy: string) => ['care', 'report', fy] as const,
};

function listOf<T>(v: T[] | unknown): T[] {
  return Array.isArray(v) ? v : [];
}

/** useCareRecord reads one elder's whole record. */
export function useCareRecord(id: string) {
  return useQuery({ queryKey: careKeys.record(id), queryFn: ({ signal }) => fetchRecord(id, signal) });
}

/** useRecordChanged is what a part of the record page calls after it
 * saves: the record is read again, and the funds, which a payment moves.
 * With a record, the saved record is kept as the server answered it. */
export function useRecordChanged(id: string) {
  const client = useQueryClient();
  return useCallback(
    (saved?: CareRecord) => {
      if (saved) client.setQueryData(careKeys.record(id), saved);
      else void client.invalidateQueries({ queryKey: careKeys.record(id) });
      void client.invalidateQueries({ queryKey: careKeys.funds });
    },
    [client, id],
  );
}

/** useStaff lists the staff who can own a record or an action (none when
 * the list cannot be read). */
export function useStaff() {
  return useQuery({ queryKey: careKeys.staff, queryFn: ({ signal }) => fetchStaff(signal) }).data ?? [];
}

/** usePartners reads the partners directory, when enabled. */
export function usePartners(enabled = true) {
  return useQuery({ queryKey: careKeys.partners, queryFn: ({ signal }) => fetchPartners(signal).then(listOf<Partner>), enabled });
}

/** useHosts reads the host offers a stay can be planned with, when enabled;
 * setCapacity keeps an offer's new capacity without reading them again. */
export function useHosts(enabled: boolean) {
  const client = useQueryClient();
  const q = useQuery({ queryKey: careKeys.hosts, queryFn: ({ signal }) => fetchHosts(signal).then(listOf<HostOffer>), enabled });
  const setCapacity = useCallback(
    (id: string, capacity: number) => client.setQueryData<HostOffer[]>(careKeys.hosts, (list) => list?.map((h) => (h._id === id ? { ...h, capacity } : h))),
    [client],
  );
  return { hosts: q.data ?? [], setCapacity };
}

/** useFunds reads each purpose's fund (null until read, or when it cannot be). */
export function useFunds() {
  return useQuery({ queryKey: careKeys.funds, queryFn: ({ signal }) => fetchFunds(signal) }).data ?? null;
}

/** useMatches reads the volunteers suggested for service, best first. */
export function useMatches(recordId: string, service: string) {
  return useQuery({ queryKey: careKeys.matches(recordId, service), queryFn: ({ signal }) => fetchMatches(recordId, service, signal), enabled: service !== '' });
}

/** useReport reads a financial year's counts and sums. */
export function useReport(fy: string) {
  return useQuery({ queryKey: careKeys.report(fy), queryFn: ({ signal }) => fetchReport(fy, signal) });
}
