// Success Stories (/events): five stories, written for
// SPDC. Each remembers what the generation we now care for achieved.

export interface Story {
  title: string;
  period: string;
  text: string[];
}

export const stories: Story[] = [
  {
    title: 'Establishment of the movement',
    period: '1966 onwards',
    text: [
      'In a small storefront in New York, a handful of young people gathered around an elderly sannyasi from India who sang the holy names and spoke about Krishna. They became his first initiated disciples.',
      'Within a few years those disciples had carried the chanting to cities on every continent. Their faith and hard work turned a single rented room into a worldwide society.',
    ],
  },
  {
    title: 'Writing and Publishing',
    period: '1966–1977',
    text: [
      'Srila Prabhupada translated and explained the great scriptures through the early hours of each morning. His disciples typed, edited, illustrated, printed and bound his books, often working through the night.',
      'Others took the books onto the streets, into airports and from door to door, so that millions of copies reached readers in dozens of languages.',
    ],
  },
  {
    title: 'Temple Establishments',
    period: '1967 onwards',
    text: [
      'Disciples rented houses, restored old buildings and later built new temples, so that there was a place for the Deities and for guests in city after city.',
      'Many of those temples still stand today, serving communities that were founded by couples who arrived with nothing but a few books and a determination to serve.',
    ],
  },
  {
    title: 'Food Distribution',
    period: '1966 onwards',
    text: [
      'From the first Sunday feasts in New York, cooking and sharing sanctified food became a hallmark of the movement. Disciples cooked in tiny kitchens for hundreds of guests.',
      'Their example grew into programs that now serve free meals to large numbers of people every day, in schools, at festivals and wherever there is hunger.',
    ],
  },
  {
    title: 'Cultural Influence',
    period: '1966 onwards',
    text: [
      'Chariot festivals rolled through the streets of major cities, the holy name was heard in concerts and on records, and vegetarian cooking and the philosophy of the Gita entered everyday life far from India.',
      'Disciples who were artists, musicians, scholars and teachers shared the culture of devotion in ways their own countries could understand.',
    ],
  },
];
