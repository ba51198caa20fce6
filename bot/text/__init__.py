"""Words shared by both front ends: the message catalogs and card/score/rules text."""
