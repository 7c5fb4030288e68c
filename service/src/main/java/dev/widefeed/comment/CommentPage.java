package dev.widefeed.comment;

import java.util.List;

/**
 * Fixed page {@code page} of an object's top-level comments: floors (page-1)*pageSize+1 ..
 * page*pageSize, oldest first; deleted comments leave it short. {@code pages} = ceil(highest floor / pageSize).
 */
public record CommentPage(int page, int pageSize, long pages, List<CommentDetails> items) {
}
