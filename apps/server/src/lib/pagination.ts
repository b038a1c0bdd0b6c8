/** Offset paging helpers shared by the list endpoints. */
export function pageInfo(page: number, limit: number, total: number) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { currentPage: page, limit, total, totalPages, hasMore: page * limit < total };
}

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
