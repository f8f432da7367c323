// The Donations tab: a gift's own actions (confirm, reject, its receipt),
// Edit, Delete while no receipt was issued, and the bank statement import
// and annual statement above the list.
import type { TabDeclaration } from '../actions';
import { common } from '../common-actions';
import { donationActions, receiptOf } from '../../donations/donation-actions';
import { DonationTools } from '../../donations/donation-tools';

const donations: TabDeclaration = {
  actions: [...donationActions, common.edit, { ...common.remove, when: (row, ctx) => ctx.tab.deletable && receiptOf(row) === null }],
  above: (ctx) => <DonationTools onChanged={ctx.refresh} onFix={ctx.fixGift} />,
};

export default donations;
