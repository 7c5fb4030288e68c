package dev.widefeed.api;

import java.util.List;

/**
 * The archive of an account as {@code GET /v1/users/{id}/export} streams it, section by section: this record is its
 * shape for the API's description, not how it is written (a section is written as it is read, never held whole).
 */
public record ArchiveView(
        String format,
        String exportedAt,
        UserView user,
        List<PostView> posts,
        List<LikedPostView> likes,
        List<FollowView> following,
        List<FollowView> followers,
        List<CommentView> comments,
        List<String> blocked,
        List<String> hidden,
        List<TagsView.TagView> tags,
        List<OwnedGroupView> groups) {
    /** A group the account owns, with its members' ids. */
    public record OwnedGroupView(GroupView group, List<String> members) {}
}
