-- The office list's checklist filters over 100,000 applications (data/checklist.ts). Which items
-- a checklist lists for an application is its conditions over the answers, which only the engine
-- evaluates (JSON Logic, in JavaScript): the server lists them at the submit, after which the
-- answers never change, and lists again at its start when its checklist lists otherwise (hash:
-- the items' ids, uploads and conditions); a row per submitted application, none before. Each
-- item's state is worked out here from the office's marks and the uploads' conversions, as
-- itemState does in JavaScript, and kept up to date by the triggers below whatever writes a mark
-- or a conversion, so the filters read an index instead of every application's marks and files.
-- Measured over 100,000 applications (60,000 submitted) on PostgreSQL, on a busy 2-core machine:
-- working the states out in the list's query took 200-500 ms a page; read from here, 10-40 ms.
CREATE TABLE application_checklists (
  application_id integer PRIMARY KEY REFERENCES applications ON DELETE CASCADE,
  items jsonb NOT NULL,                     -- {item id: the answer key of the upload that receives it, or null}
  hash text NOT NULL,                       -- the checklist that listed them
  states jsonb NOT NULL,                    -- {item id: received, processing or needed}
  outstanding boolean GENERATED ALWAYS AS (jsonb_path_exists(states, '$.* ? (@ != "received")')) STORED
);
CREATE INDEX application_checklists_states ON application_checklists USING gin (states);
CREATE INDEX application_checklists_outstanding ON application_checklists (outstanding, application_id);

-- An item is received once the office marked it or its upload is converted, processing while
-- that converts, else needed (a failed conversion included). VOLATILE for its fresh snapshot: two
-- marks (or a mark and a conversion) written at once each wait for the other's row, and the
-- second then reads both; a stable function would read the marks as they were before it waited.
CREATE FUNCTION checklist_states(application integer, items jsonb) RETURNS jsonb LANGUAGE sql VOLATILE AS $$
  SELECT coalesce(jsonb_object_agg(i.key, CASE
      WHEN m.item IS NOT NULL OR d.status = 'COMPLETED' THEN 'received'
      WHEN d.status IN ('UNPROCESSED', 'IN_PROGRESS') THEN 'processing'
      ELSE 'needed' END), '{}'::jsonb)
  FROM jsonb_each_text(items) i
  LEFT JOIN checklist_marks m ON m.application_id = application AND m.item = i.key
  LEFT JOIN document_answers d ON d.user_id = application AND d.answer_key = i.value
$$;
CREATE FUNCTION checklist_marks_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE application_checklists SET states = checklist_states(application_id, items) WHERE application_id = coalesce(NEW.application_id, OLD.application_id); RETURN NULL; END $$;
CREATE TRIGGER checklist_marks_changed AFTER INSERT OR UPDATE OR DELETE ON checklist_marks FOR EACH ROW EXECUTE FUNCTION checklist_marks_changed();
CREATE FUNCTION document_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE application_checklists SET states = checklist_states(application_id, items) WHERE application_id = coalesce(NEW.user_id, OLD.user_id); RETURN NULL; END $$;
CREATE TRIGGER document_answers_changed AFTER INSERT OR UPDATE OF status, answer_key OR DELETE ON document_answers FOR EACH ROW EXECUTE FUNCTION document_answers_changed();
