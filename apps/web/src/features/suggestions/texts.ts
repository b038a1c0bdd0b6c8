/** How the people lists count mutual friends. */
export function mutualFriendsText(count: number) {
  return `${count} mutual friend${count === 1 ? '' : 's'}`;
}
