package dev.widefeed.comment;

import java.util.List;
import java.util.Optional;

/**
 * Fixed page {@code page} of an object's top-level comments: floors (page-1)*pageSize+1 ..
 * page*pageSize, oldest first; deleted comments leave it short, but one with live replies stays as a placeholder
 * (deleted, no content) that leads to them. {@code pages} = ceil(highest floor / pageSize). {@code closed}: new
 * comments are refused; {@code pinned}: the comment its owner pinned, on the first page only.
 */
public record CommentPage(
        int page,
        int pageSize,
        long pages,
        List<CommentDetails> items,
        boolean closed,
        Optional<CommentDetails> pinned) {}
