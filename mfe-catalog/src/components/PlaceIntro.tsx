import { Photo } from './Photo';
import './place-intro.css';

interface PlaceIntroProps {
  photo: string;
  name: string;
  description: string;
  /** Short facts under the description («24 экскурсии», «12 гидов»). */
  facts?: readonly string[];
}

/** The top of a place page: its photo beside its description. */
export function PlaceIntro({ photo, name, description, facts = [] }: PlaceIntroProps) {
  return (
    <div className="cat-intro">
      <Photo src={photo} alt={name} ratio="16/9" eager className="cat-intro__photo" />
      <div className="cat-intro__text">
        {description && <p className="cat-intro__description">{description}</p>}
        {facts.length > 0 && (
          <ul className="cat-intro__facts">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
