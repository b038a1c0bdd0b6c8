/**
 * No hard-coded text in the converted folders: a JSX text, or a text in an attribute people read (aria-label,
 * title, placeholder, alt, label), must come from t(). Widen CONVERTED as screens move to the catalogs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.join(import.meta.dirname, '..');
/** Files whose texts all go through the catalogs (README of the decision: docs/decisions/languages.md). */
export const CONVERTED = [
  'features/shell/Navbar.tsx',
  'features/shell/Sidebar.tsx',
  'features/shell/NavBadgeCount.tsx',
  'features/shell/OfflineBanner.tsx',
  'features/auth/AuthLayout.tsx',
  'features/auth/InsecureAddressNotice.tsx',
  'features/auth/LoginPage.tsx',
  'features/auth/SignupPage.tsx',
  'features/auth/TwoFactorStep.tsx',
  'features/auth/PasskeySignIn.tsx',
  'features/auth/ForgotPasswordPage.tsx',
  'features/auth/ResetPasswordPage.tsx',
  'features/auth/VerifyEmailPage.tsx',
  'features/auth/CancelEmailChangePage.tsx',
  'features/feed/FeedPage.tsx',
  'features/feed/HomeFeed.tsx',
  'features/feed/PostCard.tsx',
  'features/posts/Composer.tsx',
  'features/posts/ChosenMedia.tsx',
  'features/posts/MediaButtons.tsx',
  'features/comments/CommentForm.tsx',
  'features/comments/CommentItem.tsx',
  'features/comments/CommentsSection.tsx',
  'features/reactions/ReactionBar.tsx',
  'features/reactions/WhoReacted.tsx',
  'features/reactions/WhoReactedPopover.tsx',
  'features/link-previews/ComposerLinkPreview.tsx',
  'features/link-previews/LinkPreviewCard.tsx',
  'features/mentions/MentionSuggestions.tsx',
  'features/mentions/useMentionAutocomplete.tsx',
  'features/posts/EditPostForm.tsx',
  'features/posts/ImageGrid.tsx',
  'features/posts/Lightbox.tsx',
  'features/posts/PostVideo.tsx',
  'features/posts/PostMediaView.tsx',
  'features/admin/AdminPage.tsx',
  'features/admin/ReportCard.tsx',
  'features/admin/AccountsReview.tsx',
  'features/admin/InstancesReview.tsx',
  'features/admin/AdminList.tsx',
  'features/safety/SafetyMenu.tsx',
  'features/safety/ReportDialog.tsx',
  'features/safety/BlockedPeoplePage.tsx',
  'features/settings/SettingsLayout.tsx',
  'features/settings/AccountSettingsPage.tsx',
  'features/settings/LanguageSettings.tsx',
  'features/settings/NotificationSettingsPage.tsx',
  'features/settings/PushDeviceSettings.tsx',
  'features/settings/ProfileSettingsPage.tsx',
  'features/settings/DataSettingsPage.tsx',
  'features/settings/DeleteAccountDialog.tsx',
  'features/settings/SessionSettings.tsx',
  'features/chat/ChatPage.tsx',
  'features/chat/ChatConversation.tsx',
  'features/chat/chat-address.tsx',
  'features/chat/ConversationList.tsx',
  'features/chat/ConversationRow.tsx',
  'features/chat/GroupRow.tsx',
  'features/chat/FriendChecklist.tsx',
  'features/chat/FriendPicker.tsx',
  'features/chat/GroupConversation.tsx',
  'features/chat/GroupInfoDialog.tsx',
  'features/chat/GroupMessageToast.tsx',
  'features/chat/MessageToast.tsx',
  'features/chat/MessageBubble.tsx',
  'features/chat/MessageInput.tsx',
  'features/chat/MessageList.tsx',
  'features/chat/NewGroupDialog.tsx',
  'features/notifications/NotificationsBell.tsx',
  'features/notifications/NotificationsPanel.tsx',
  'features/settings/VerifyEmailBanner.tsx',
  'features/connections/ConfirmRemoveDialog.tsx',
  'features/connections/ConfirmRemovePanel.tsx',
  'features/connections/ConnectionActions.tsx',
  'features/connections/MessageButton.tsx',
  'features/favorites/FavoritesPage.tsx',
  'features/hashtags/TagPage.tsx',
  'features/hashtags/TrendingTags.tsx',
  'features/network/LoadMoreButton.tsx',
  'features/network/NetworkPage.tsx',
  'features/network/PeopleList.tsx',
  'features/network/PersonCard.tsx',
  'features/network/RequestList.tsx',
  'features/profile/ProfileHeader.tsx',
  'features/profile/ProfilePage.tsx',
  'features/profile/ProfilePostsSection.tsx',
  'features/search/NavbarSearch.tsx',
  'features/search/SearchResults.tsx',
  'features/stories/CreateStoryDialog.tsx',
  'features/stories/DeleteStoryConfirm.tsx',
  'features/stories/StoriesBar.tsx',
  'features/stories/StoryMedia.tsx',
  'features/stories/StoryRing.tsx',
  'features/stories/StoryStepButton.tsx',
  'features/stories/StoryTopBar.tsx',
  'features/stories/StoryViewer.tsx',
  'features/stories/ViewersSheet.tsx',
  'features/suggestions/LazySuggestionsPanel.tsx',
  'features/suggestions/SuggestionsPanel.tsx',
  'components/ConfirmDialog.tsx',
  'components/ConfirmDialogPanel.tsx',
  'components/CloseButton.tsx',
  'components/SearchBox.tsx',
  'components/PostText.tsx',
  'components/MentionLink.tsx',
  'components/Menu.tsx',
  'components/PersonRowSkeletons.tsx',
  'components/Avatar.tsx',
  'components/Logo.tsx',
  'features/shell/NotFoundPage.tsx',
  'features/shell/RouteError.tsx',
  'features/shell/SessionExpiredOverlay.tsx',
  'features/shell/AppLayout.tsx',
  'features/shell/RootLayout.tsx',
  'features/shell/guards.tsx',
  'features/chat/ChatAlerts.tsx',
  'features/chat/FriendSearch.tsx',
  'features/chat/GroupAvatar.tsx',
  'features/chat/MessageText.tsx',
  'features/feed/PostPage.tsx',
  'features/feed/PostList.tsx',
  'features/feed/PostSkeleton.tsx',
  'features/theme/ThemeToggle.tsx',
  'features/settings/SecuritySettingsPage.tsx',
  'features/settings/TwoFactorSettings.tsx',
  'features/settings/PasskeySettings.tsx',
  'features/settings/EmailSettings.tsx',
  'components/InlineRetry.tsx',
  'components/EmptyState.tsx',
  'components/Spinner.tsx',
  'components/Field.tsx',
];

const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);
const isWords = (text: string) => /\p{L}{2,}/u.test(text);

/** JSX texts, and string literals given to attributes people read or hear, as TypeScript parses the file. */
export function literalTexts(code: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && isWords(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (value && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) && isWords(value.text)) found.push(value.text);
      if (value && ts.isTemplateExpression(value) && isWords(value.getText())) found.push(value.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('x.tsx', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
  return found;
}

describe('hard-coded texts', () => {
  it('finds a text between tags and in a read attribute', () => {
    const code =
      'const a = useState<string[]>([]); const b = <p className="x">Hello there<b aria-label="Close" title={t("x")} alt={`Photo ${n}`} /></p>;';
    expect(literalTexts(code)).toEqual(['Hello there', 'Close', '`Photo ${n}`']);
  });

  it('none in the converted files', () => {
    expect(readdirSync(src)).toContain('features');
    const found = CONVERTED.flatMap((file) => literalTexts(readFileSync(path.join(src, file), 'utf8')).map((text) => `${file}: ${text}`));
    expect(found).toEqual([]);
  });
});
