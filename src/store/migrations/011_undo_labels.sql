-- Bianpai event file, schema 11: the audit rows short enough to be an undo or redo
-- label (`{"command":"undo","of":N}`), so that undo finds its stacks without walking
-- every row of a long event (issue 38, item 18). `length` is worked out once, when a
-- row is written; the labels are ASCII, so 64 characters are 64 bytes.
CREATE INDEX audit_labels ON audit_log(id) WHERE length(command) <= 64;
