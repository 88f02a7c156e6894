//! The fixed option lists of `/catan` (Discord shows them as choices) and the table's typed
//! values they stand for.

use crate::engine::{LayoutKind, Resource};
use crate::table::lobby::AfkPolicy;
use crate::table::rules_help::Topic;

#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ResourceChoice {
    #[name = "brick"]
    Brick,
    #[name = "lumber"]
    Lumber,
    #[name = "wool"]
    Wool,
    #[name = "grain"]
    Grain,
    #[name = "ore"]
    Ore,
}

impl From<ResourceChoice> for Resource {
    fn from(choice: ResourceChoice) -> Resource {
        match choice {
            ResourceChoice::Brick => Resource::Brick,
            ResourceChoice::Lumber => Resource::Lumber,
            ResourceChoice::Wool => Resource::Wool,
            ResourceChoice::Grain => Resource::Grain,
            ResourceChoice::Ore => Resource::Ore,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum BoardChoice {
    #[name = "beginner"]
    Beginner,
    #[name = "variable"]
    Variable,
    #[name = "random-tokens"]
    RandomTokens,
}

impl From<BoardChoice> for LayoutKind {
    fn from(choice: BoardChoice) -> LayoutKind {
        match choice {
            BoardChoice::Beginner => LayoutKind::Beginner,
            BoardChoice::Variable => LayoutKind::Variable,
            BoardChoice::RandomTokens => LayoutKind::RandomTokens,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum AfkChoice {
    #[name = "a bot plays the seat"]
    Bot,
    #[name = "an automatic move"]
    Auto,
    #[name = "wait for the player"]
    Wait,
}

impl From<AfkChoice> for AfkPolicy {
    fn from(choice: AfkChoice) -> AfkPolicy {
        match choice {
            AfkChoice::Bot => AfkPolicy::Bot,
            AfkChoice::Auto => AfkPolicy::Auto,
            AfkChoice::Wait => AfkPolicy::Wait,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum RulesTopic {
    #[name = "robber"]
    Robber,
    #[name = "7"]
    Seven,
    #[name = "ports"]
    Ports,
    #[name = "longest route"]
    LongestRoute,
    #[name = "largest army"]
    LargestArmy,
    #[name = "development cards"]
    DevelopmentCards,
    #[name = "distance rule"]
    DistanceRule,
    #[name = "trading"]
    Trading,
    #[name = "special building phase"]
    SpecialBuilding,
    #[name = "setup"]
    Setup,
    #[name = "winning"]
    Winning,
}

impl From<RulesTopic> for Topic {
    fn from(choice: RulesTopic) -> Topic {
        match choice {
            RulesTopic::Robber => Topic::Robber,
            RulesTopic::Seven => Topic::Seven,
            RulesTopic::Ports => Topic::Ports,
            RulesTopic::LongestRoute => Topic::LongestRoute,
            RulesTopic::LargestArmy => Topic::LargestArmy,
            RulesTopic::DevelopmentCards => Topic::DevelopmentCards,
            RulesTopic::DistanceRule => Topic::DistanceRule,
            RulesTopic::Trading => Topic::Trading,
            RulesTopic::SpecialBuilding => Topic::SpecialBuilding,
            RulesTopic::Setup => Topic::Setup,
            RulesTopic::Winning => Topic::Winning,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::rules_help::{RulesAnswer, rules, topic};
    use poise::ChoiceParameter;

    /// Each topic choice answers what typing its name would (`rules longest route`).
    #[test]
    fn every_topic_choice_is_the_topic_its_name_asks_for() {
        for choice in RulesTopic::list().iter() {
            let parsed = RulesTopic::from_name(&choice.name).expect("a listed choice");
            let typed = rules(Some(choice.name.as_ref()));
            assert_eq!(
                typed,
                RulesAnswer::Answer(topic(parsed.into())),
                "{}",
                choice.name
            );
        }
        assert_eq!(RulesTopic::list().len(), Topic::ALL.len());
    }

    #[test]
    fn resource_choices_are_the_five_resources() {
        let all: Vec<Resource> = ResourceChoice::list()
            .iter()
            .filter_map(|c| ResourceChoice::from_name(&c.name))
            .map(Resource::from)
            .collect();
        assert_eq!(all, Resource::ALL);
    }
}
